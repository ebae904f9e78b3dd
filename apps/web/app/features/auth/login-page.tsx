import { Button, Divider, Paper, Stack, Tabs } from "@mantine/core";
import { IconBrandGoogle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import { FormAlert } from "../../components/form-alert.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { localizePath } from "../../lib/i18n.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useIsHydrated } from "../../lib/use-hydrated.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { CONTROL_SIZE } from "../../theme.ts";
import { signInWithGoogle } from "./auth-api.ts";
import { readGoogleReturn, startGoogleSignIn } from "./google-sign-in.ts";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

type Tab = "sign-in" | "sign-up";

/** The Google client id from the public configuration, when Google sign-in is set up. */
function useGoogleClientId(): string | null {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.config?.google?.clientId || null;
}

/** Finishes a Google sign-in when Google has sent the visitor back to this page. */
function useGoogleReturn(showError: (error: unknown) => void, showRefusal: () => void): boolean {
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const report = useRef({ showError, showRefusal });
  report.current = { showError, showRefusal };
  const isHandled = useRef(false);
  // Once per page load: the answer is consumed (its state is removed from storage) on first read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; callbacks are read through a ref.
  useEffect(() => {
    if (isHandled.current) return;
    isHandled.current = true;
    const answer = readGoogleReturn(window.location.hash, window.sessionStorage);
    if (!answer) return;
    void (async () => {
      // Back to the login page the visitor left from (its `redirect` target included) before
      // signing in, so the guest gate sends them on from there; the token leaves the address bar.
      await navigate(answer.returnTo, { replace: true });
      if (answer.kind === "error") {
        report.current.showRefusal();
        return;
      }
      setBusy(true);
      try {
        await signInWithGoogle(answer.idToken);
      } catch (error) {
        report.current.showError(error);
        setBusy(false);
      }
    })();
  }, []);
  return isBusy;
}

/**
 * /login: sign in and sign up as tabs (`?tab=sign-up`), Google when configured. A successful sign-in
 * changes the session; the guest gate then sends the visitor to the `redirect` target.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const urlTab: Tab = params.get("tab") === "sign-up" ? "sign-up" : "sign-in";
  // The tab switches at once; the address follows (a navigation, which may take a moment).
  const [tab, setTab] = useState<Tab>(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);
  const googleClientId = useGoogleClientId();
  const isHydrated = useIsHydrated();
  const describe = useApiErrorTexts();
  const [googleError, setGoogleError] = useState<string | null>(null);
  const isGoogleBusy = useGoogleReturn(
    (error) => setGoogleError(describe(error, []).form),
    () => setGoogleError(t("auth.google.refused")),
  );

  const redirect = params.get("redirect");
  const resetLink = redirect ? `/reset-password?redirect=${encodeURIComponent(redirect)}` : "/reset-password";

  const selectTab = (next: string | null) => {
    setTab(next === "sign-up" ? "sign-up" : "sign-in");
    const updated = new URLSearchParams(params);
    if (next === "sign-up") updated.set("tab", "sign-up");
    else updated.delete("tab");
    setParams(updated, { replace: true, preventScrollReset: true });
  };

  const signInWithGoogleAccount = () => {
    if (!googleClientId) return;
    startGoogleSignIn(googleClientId, `${localizePath("/login", locale)}${location.search}`);
  };

  return (
    <Stack gap={0} py="lg">
      <PageHeader />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <Stack gap="lg">
          <FormAlert text={googleError} />
          <Tabs value={tab} onChange={selectTab} keepMounted={false}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="sign-in" data-testid="tab-sign-in">
                {t("auth.login.tabSignIn")}
              </Tabs.Tab>
              <Tabs.Tab value="sign-up" data-testid="tab-sign-up">
                {t("auth.login.tabSignUp")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="sign-in">
              <SignInForm resetLink={resetLink} />
            </Tabs.Panel>
            <Tabs.Panel value="sign-up">
              <SignUpForm onSignIn={() => selectTab("sign-in")} />
            </Tabs.Panel>
          </Tabs>
          {googleClientId && (
            <>
              <Divider label={t("auth.login.or")} labelPosition="center" />
              <Button
                variant="default"
                size={CONTROL_SIZE}
                fullWidth
                leftSection={<IconBrandGoogle size={20} />}
                onClick={signInWithGoogleAccount}
                loading={isGoogleBusy}
                disabled={!isHydrated}
                data-testid="google-sign-in"
              >
                {t("auth.google.button")}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
