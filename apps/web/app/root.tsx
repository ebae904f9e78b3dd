// Mantine's styles — of the components the site uses (mantine-styles.css) — in the cascade layer
// `mantine` (the order of layers: layers.css): the modules' and
// the app's CSS (unlayered) win over them whatever the order of the stylesheets, which a lazy chunk
// changes (it appends the shell's stylesheet again after the pages' CSS; decision 076).
import "./layers.css";
import "./mantine-styles.css";
import "virtual:theme.css";
import "./app.css";
import { MantineProvider, mantineHtmlProps } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { defaultLocale, type Locale, locales, type PublicConfig } from "@unaa/contracts";
import { type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { serverContext } from "#server-context";
import type { Route } from "./+types/root.ts";
import { AnalyticsTag } from "./components/analytics-tag.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { IconSprite } from "./components/icon-sprite.tsx";
import { Toaster } from "./components/toaster.tsx";
import { DefaultShell } from "./layouts/default.tsx";
import { api, clientState, configureApi, type FatalError, fatalErrorStore } from "./lib/app-state.ts";
import { isChunkLoadError, shouldReloadAfterChunkError } from "./lib/chunk-reload.ts";
import { colorModeManager, colorModeScript, forcedColorMode } from "./lib/color-mode.ts";
import { getI18n, loadMessages, localeFromPath, localizePath, readLocaleCookie } from "./lib/i18n.ts";
import { crumbsOf, type DocumentHead, documentHeadOf, requestedColorMode } from "./lib/page-handle.ts";
import { getQueryClient } from "./lib/query-client.ts";
import { connectSocket, startRealtimeConnection } from "./lib/realtime-connection.ts";
import { realtimeHub } from "./lib/realtime-hub.ts";
import { restoreSession } from "./lib/session.ts";
import { SHARED_CONFIG_ATTRIBUTE, sharedConfigPath } from "./lib/shared-config.ts";
import { useLocale } from "./lib/use-locale.ts";
import { createUpdateOnNavigate, createVersionCheck } from "./lib/version-check.ts";
import { theme } from "./theme.ts";

/** The few settings every page reads; the rest of the configuration is the shared one (S2.13). */
export type PageConfig = Pick<
  PublicConfig,
  "apiVersion" | "siteName" | "publicOrigin" | "usdRate" | "timeZone" | "analytics" | "google"
>;

/**
 * The configuration, read once when the app starts (spec S2.13) and never revalidated: the first
 * page carries the few settings every page reads and the address of the whole configuration, which
 * the browser loads once (lib/shared-config.ts). A visit to "/" goes to the remembered language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const remembered = readLocaleCookie(context.get(serverContext).cookies);
  if (url.pathname === "/" && remembered && remembered !== defaultLocale) throw redirect(`/${remembered}`);
  const locale = localeFromPath(url.pathname);
  const { services } = context.get(serverContext);
  const [{ config, version }, bannerSlots] = await Promise.all([
    services.configService.getVersionedConfig(),
    services.bannersService.liveSlots(locale),
    loadMessages(locale),
  ]);
  const { apiVersion, siteName, publicOrigin, usdRate, timeZone, analytics, google } = config;
  const pageConfig: PageConfig = {
    apiVersion,
    siteName,
    // Links use the configured public origin (PUBLIC_ORIGIN or its default), never the Host header.
    publicOrigin,
    usdRate,
    timeZone,
    analytics,
    google,
  };
  return {
    config: pageConfig,
    sharedConfigPath: sharedConfigPath(version),
    // Whether the browser should restore a session at start: only when the server saw a signed-in
    // viewer, so a guest never calls refresh.
    hasSession: context.get(serverContext).viewer !== null,
    // Whether the page was asked for by a phone: what only wide screens show is left out of its HTML.
    isPhone: context.get(serverContext).isPhone,
    // The advertising slots with a campaign now: only they get a box (components/banner-slot.tsx).
    bannerSlots,
  };
}

export function shouldRevalidate() {
  return false;
}

function useRootConfig(): PageConfig | undefined {
  return useRouteLoaderData<typeof loader>("root")?.config;
}

function absoluteUrl(origin: string, url: string): string {
  return url.startsWith("/") ? origin + url : url;
}

/** Title, description, social defaults, canonical and language alternates of every page. */
function PageHead({
  config,
  locale,
  errorStatus,
}: {
  config: PageConfig | undefined;
  locale: Locale;
  errorStatus?: number;
}) {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const siteName = config?.siteName ?? "Unaa";
  const origin = config?.publicOrigin ?? "";
  const head: DocumentHead = errorStatus === undefined ? documentHeadOf(matches) : {};
  const last = head.title ?? crumbsOf(matches).at(-1);
  const pageTitle =
    errorStatus !== undefined
      ? t("error.title", { status: errorStatus })
      : (last?.text ?? (last?.key ? t(last.key, last.values ?? {}) : undefined));
  const title = pageTitle ? `${pageTitle} · ${siteName}` : siteName;
  const description = head.description
    ? (head.description.text ?? t(head.description.key ?? "site.description", head.description.values ?? {}))
    : t("site.description");
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={absoluteUrl(origin, head.image ?? "/og-image.png")} />
      <meta property="og:locale" content={{ ru: "ru_RU", ky: "ky_KG", en: "en_US" }[locale]} />
      <meta name="twitter:card" content="summary_large_image" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {errorStatus === undefined && (
        <>
          <link rel="canonical" href={origin + localizePath(head.canonical ?? pathname, locale)} />
          {locales.map((other) => (
            <link
              key={other}
              rel="alternate"
              hrefLang={other}
              href={origin + localizePath(pathname, other)}
            />
          ))}
          <link rel="alternate" hrefLang="x-default" href={origin + localizePath(pathname, defaultLocale)} />
        </>
      )}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const root = useRouteLoaderData<typeof loader>("root");
  const config = root?.config;
  const matches = useMatches();
  const error = useRouteError();
  const requested = requestedColorMode(matches);
  const forced = useMemo(() => forcedColorMode(requested), [requested]);
  const manager = useMemo(() => colorModeManager(), []);
  const [queryClient] = useState(getQueryClient);
  const i18n = getI18n(locale);
  const errorStatus =
    error === undefined || error === null ? undefined : (describeError(error).status ?? 500);
  return (
    <html lang={locale} dir="ltr" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#4f46e5" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script, allowed by its CSP hash. */}
        <script dangerouslySetInnerHTML={{ __html: colorModeScript(forced) }} />
        <I18nextProvider i18n={i18n}>
          <PageHead config={config} locale={locale} errorStatus={errorStatus} />
        </I18nextProvider>
        {root && (
          <link
            rel="preload"
            href={root.sharedConfigPath}
            as="fetch"
            crossOrigin="anonymous"
            {...{ [SHARED_CONFIG_ATTRIBUTE]: "" }}
          />
        )}
        <Meta />
        <Links />
        <AnalyticsTag analytics={config?.analytics ?? null} />
      </head>
      <body>
        <div itemScope itemType="https://schema.org/WebSite" hidden>
          <meta itemProp="url" content={`${config?.publicOrigin ?? ""}/`} />
          <meta itemProp="name" content={config?.siteName ?? "Unaa"} />
        </div>
        <IconSprite />
        <I18nextProvider i18n={i18n}>
          <MantineProvider
            theme={theme}
            withCssVariables={false}
            withGlobalClasses={false}
            withStaticClasses={false}
            colorSchemeManager={manager}
            defaultColorScheme="auto"
            forceColorScheme={forced}
          >
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
            <Toaster />
          </MantineProvider>
        </I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const updater = createUpdateOnNavigate();

/** Browser-only duties: API headers follow the language; new builds and broken chunks reload. */
function useClientRuntime(config: PageConfig | undefined, locale: Locale) {
  const location = useLocation();
  const lastKey = useRef(location.key);

  useEffect(() => {
    configureApi({ locale, ...(config ? { apiVersion: config.apiVersion } : {}) });
  }, [locale, config]);

  useEffect(() => {
    const check = createVersionCheck({
      currentId: __BUILD_ID__ === "dev" ? "" : __BUILD_ID__,
      onUpdate: (id) => {
        updater.recordUpdate(id);
        window.dispatchEvent(new CustomEvent("unaa:manifest-update", { detail: { id } }));
      },
    });
    check.start();
    return () => check.stop();
  }, []);

  // The realtime connection follows the access token (S4.8–S4.11).
  useEffect(
    () =>
      startRealtimeConnection({
        state: clientState,
        connect: connectSocket,
        refresh: () => api.refresh(),
        hub: realtimeHub,
      }),
    [],
  );

  // A newer build was published: the next navigation loads the page afresh (S4.19).
  useEffect(() => {
    if (location.key !== lastKey.current && updater.shouldHardNavigate()) window.location.reload();
    lastKey.current = location.key;
  }, [location.key]);
}

/**
 * The fatal error (a 403 "blocked", a page whose chunks failed twice) replaces the page it happened
 * on; the next navigation leaves it and shows its target (S2.21, S4.6, S4.20).
 */
function useFatalError(): FatalError | null {
  const fatal = useSyncExternalStore(fatalErrorStore.subscribe, fatalErrorStore.get, () => null);
  const { key } = useLocation();
  // The page (history entry) each error was raised on, noted when the error first renders.
  const [raisedOn, setRaisedOn] = useState<{ error: FatalError | null; key: string }>({ error: fatal, key });
  if (raisedOn.error !== fatal) setRaisedOn({ error: fatal, key });
  const isLeft = fatal !== null && raisedOn.error === fatal && raisedOn.key !== key;
  useEffect(() => {
    if (isLeft) fatalErrorStore.set(null);
  }, [isLeft]);
  return isLeft ? null : fatal;
}

export default function App() {
  const config = useRootConfig();
  const locale = useLocale();
  const { t } = useTranslation();
  useClientRuntime(config, locale);
  const hasSession = useRouteLoaderData<typeof loader>("root")?.hasSession === true;
  useEffect(() => {
    if (hasSession) void restoreSession();
  }, [hasSession]);
  const fatal = useFatalError();
  if (fatal) {
    return (
      <DefaultShell>
        <ErrorPage status={fatal.status} message={t(fatal.messageKey)} />
      </DefaultShell>
    );
  }
  return <Outlet />;
}

interface DescribedError {
  status: number | undefined;
  message: string | undefined;
}

// Production hides server error messages behind this text; it is no message for a person.
const SANITIZED = "Unexpected Server Error";

export function describeError(error: unknown): DescribedError {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | null;
    const message =
      typeof data === "string" ? data : typeof data?.message === "string" ? data.message : undefined;
    return { status: error.status, message: message === SANITIZED ? undefined : message };
  }
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return {
      status: typeof status === "number" ? status : undefined,
      message: error.message && error.message !== SANITIZED ? error.message : undefined,
    };
  }
  return { status: undefined, message: undefined };
}

/** Unhandled errors render the error page (S2.21); a missing chunk reloads once instead (S4.20). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isChunkError = isChunkLoadError(error);
  const shouldReload = useMemo(
    () =>
      isChunkError &&
      typeof window !== "undefined" &&
      shouldReloadAfterChunkError(window.location.pathname, window.sessionStorage),
    [isChunkError],
  );
  useEffect(() => {
    if (shouldReload) window.location.reload();
  }, [shouldReload]);
  if (shouldReload) return null;
  const { status, message } = describeError(error);
  if (status === undefined && !isChunkError) console.error(error);
  return (
    <DefaultShell>
      <ErrorPage status={status} message={message} />
    </DefaultShell>
  );
}
