/** Mantine's Drawer as a module's default export, for `lazy(() => import("…/lazy-drawer.ts"))`. */
export { Drawer as default } from "@mantine/core";
