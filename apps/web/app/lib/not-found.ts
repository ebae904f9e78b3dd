import { data } from "react-router";

/** The spec's page-not-found error (S8.3): status 404, message `Page Not Found: {path}`. */
export function notFound(request: Request | URL | string): never {
  const url =
    typeof request === "string"
      ? new URL(request, "http://localhost")
      : request instanceof URL
        ? request
        : new URL(request.url);
  throw data({ message: `Page Not Found: ${decodeURIComponent(url.pathname)}` }, { status: 404 });
}

/** Ad ids are positive whole numbers; anything else is not a page. */
export function isAdId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9]\d{0,17}$/.test(value);
}
