import { notFound } from "../lib/not-found.ts";
import type { Route } from "./+types/not-found.ts";

/** Any path no route matches: the error page with 404 (spec S2.10, S8.3). */
export function loader({ request }: Route.LoaderArgs): never {
  notFound(request);
}

export default function NotFound() {
  return null;
}
