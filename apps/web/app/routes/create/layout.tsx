import { Outlet } from "react-router";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = { ...pageHandle("create") };

export default function CreateLayout() {
  return <Outlet />;
}
