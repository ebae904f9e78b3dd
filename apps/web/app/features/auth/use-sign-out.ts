import { useCallback } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/app-state.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useLocale } from "../../lib/use-locale.ts";

/**
 * Signs out (spec S4.7: the local session ends whatever the server answers). It leaves for the home
 * page first, so a page behind the auth gate never flashes its "sign in" redirect.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(async () => {
    await navigate(localizePath("/", locale));
    await api.logout();
  }, [navigate, locale]);
}
