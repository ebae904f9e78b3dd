/** Mantine's Modal as a module's default export, for `lazy(() => import("…/lazy-modal.ts"))`. */
export { Modal as default } from "@mantine/core";
