import { defaultLocale } from "@unaa/contracts";
import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";
import { localizePath } from "../lib/i18n.ts";
import { preloadRoute } from "../lib/route-preload.ts";
import { useLocale } from "../lib/use-locale.ts";

/**
 * A link to a page in the current language (no prefix for Russian). On intent (hover, focus,
 * touch) it preloads the target's route modules through the shared queue (at most 5 at once).
 */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function AppLink(
  { to, onMouseEnter, onFocus, onTouchStart, ...props },
  ref,
) {
  const locale = useLocale();
  const isInternal = to.startsWith("/");
  const href = isInternal && locale !== defaultLocale ? localizePath(to, locale) : to;
  const preload = () => {
    if (isInternal) preloadRoute(href);
  };
  return (
    <Link
      ref={ref}
      to={href}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preload();
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
});
