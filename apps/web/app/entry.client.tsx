// The browser's entry: React Router's page script imports it once the page's route modules are
// registered. The work is in `hydrate.tsx`, bundled with the root's code.
import { hydrate } from "./hydrate.tsx";

await hydrate();
