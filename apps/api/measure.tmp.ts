import { openDatabase } from "/work/wt/suite/apps/api/src/db/client.ts";
import { seedDatabase } from "/work/wt/suite/apps/api/src/db/seed/index.ts";
import { PGlite } from "@electric-sql/pglite";
const silent = { info() {} };
let t = performance.now();
const h = await openDatabase({ dataDir: "memory://" });
console.log("pglite open+migrate", Math.round(performance.now() - t)); t = performance.now();
await seedDatabase(h.db, silent);
console.log("pglite seed", Math.round(performance.now() - t)); t = performance.now();
// @ts-ignore
const client = (h.db as any).$client as PGlite;
const dump = await client.dumpDataDir("none");
console.log("dump", Math.round(performance.now() - t), dump.size); t = performance.now();
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
const c2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, btree_gin } });
console.log("load", Math.round(performance.now() - t), (await c2.query("select count(*) from towns")).rows); t = performance.now();
const c3 = await PGlite.create( { extensions: { pg_trgm, btree_gin } });
console.log("plain pglite create", Math.round(performance.now() - t));
