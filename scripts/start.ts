// `npm start`: builds the web app when its sources changed since the last build, then serves it
// with React's production build, whatever the data (decision 037: demo data is SEED_DEMO's switch,
// never NODE_ENV's), in this process or in several (decision 081; they run this file again).
import cluster from "node:cluster";
import { buildWebIfChanged } from "./web-build.ts";

// Set before anything loads React, which picks its development or production build from NODE_ENV
// once, when first imported: hence the server's dynamic import below.
process.env.NODE_ENV = "production";
if (cluster.isPrimary) await buildWebIfChanged();
const { serve } = await import("../apps/web/server.ts");
await serve();
