import { lazy, type ReactNode, Suspense } from "react";
import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import { HeaderAccount } from "../features/auth/header-account.tsx";
import { ChatHeaderLink } from "../features/chats/chat-header-link.tsx";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import classes from "./layouts.module.css";

// Rendered only in the phone menu's drawer, itself loaded on the burger's first tap.
const DrawerAccount = lazy(() => import("../features/auth/drawer-account.tsx"));

/** The default layout: header, main, footer (spec S2.17). The error page uses it too. */
export function DefaultShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell} data-layout="default">
      <SiteHeader
        account={
          <>
            <NotificationBell />
            <ChatHeaderLink />
            <HeaderAccount />
          </>
        }
        drawerAccount={(close) => (
          <Suspense fallback={null}>
            <DrawerAccount onNavigate={close} />
          </Suspense>
        )}
      />
      <main id="main" className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}
