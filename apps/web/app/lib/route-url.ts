import { isVertical, type Vertical } from "@unaa/contracts";
import { stripLocale } from "./i18n.ts";

/**
 * The page's path without its locale prefix. A client-side navigation asks for the page's data at
 * the same path with `.data` appended (`/create/car.data`): that suffix is not part of the page.
 */
export function pagePathOf(request: Request): string {
  return stripLocale(new URL(request.url).pathname.replace(/\.data$/, ""));
}

/** The vertical a page belongs to, from the first segment of its path (after the locale). */
export function verticalOf(request: Request): Vertical | undefined {
  const first = pagePathOf(request).split("/")[1];
  return isVertical(first) ? first : undefined;
}
