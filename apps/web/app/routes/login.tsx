import { LoginPage } from "../features/auth/login-page.tsx";
import { pageHandle } from "../lib/page-handle.ts";

export const handle = pageHandle("login");

export default function Page() {
  return <LoginPage />;
}
