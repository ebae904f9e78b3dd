import { Paper, Stack } from "@mantine/core";
import { useSearchParams } from "react-router";
import { PageHeader } from "../components/page-header.tsx";
import { ResetPasswordForm } from "../features/auth/reset-password-form.tsx";
import { pageHandle } from "../lib/page-handle.ts";

export const handle = pageHandle("resetPassword");

export default function Page() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const loginLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";
  return (
    <Stack gap={0} py="lg">
      <PageHeader />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <ResetPasswordForm loginLink={loginLink} />
      </Paper>
    </Stack>
  );
}
