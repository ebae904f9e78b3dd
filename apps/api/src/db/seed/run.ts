// `npm run db:seed`: migrates and seeds the database named by DATABASE_URL / DATA_DIR.
import { loadConfig } from "../../config.ts";
import { createStorage } from "../../lib/storage.ts";
import { openDatabase } from "../client.ts";
import { seedDatabase } from "./index.ts";

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await seedDatabase(
    handle.db,
    console,
    config.seedDemo ? { demoUsers: true, demoAds: { storage: createStorage(config) } } : {},
  );
} finally {
  await handle.close();
}
