import { isVertical, type Vertical } from "@unaa/contracts";
import { stripLocale } from "./i18n.ts";

/** The vertical a page belongs to, from the first segment of its path (after the locale). */
export function verticalOf(request: Request): Vertical | undefined {
  const first = stripLocale(new URL(request.url).pathname).split("/")[1];
  return isVertical(first) ? first : undefined;
}
