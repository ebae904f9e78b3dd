/**
 * The error answers routes declare in their OpenAPI responses: the contracts' error body, described
 * with the codes it may carry. The common ones are defined here once.
 */
import { errorBodySchema } from "@unaa/contracts";

/** The error body, described with the codes a route may answer. */
export const errors = (codes: string) => errorBodySchema.describe(codes);

export const badInput = errors("`VALIDATION_FAILED` with field errors");
export const unauthorized = errors("`UNAUTHORIZED`, `TOKEN_EXPIRED`");
/** A dashboard section the caller's roles do not open answers as if it did not exist. */
export const sectionHidden = errors(
  "`ROUTE_NOT_FOUND`: the caller's roles do not open this section (decision 029)",
);
