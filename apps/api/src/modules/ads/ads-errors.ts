/** The field errors the ads API answers with: a refused value named by its path. */
import type { FieldError } from "@unaa/contracts";
import type { z } from "zod";
import { AppError } from "../../errors.ts";

/** One refused value: `fields.mark`, `regionId`, `cursor`. */
export function invalidField(
  code:
    | "AD_CATALOG_MISMATCH"
    | "AD_LOCATION_INVALID"
    | "AD_PHONE_INVALID"
    | "AD_BUSINESS_INVALID"
    | "VALIDATION_FAILED",
  path: string,
): AppError {
  return new AppError(code, { errors: [{ path, code, message: `invalid ${path}` }] });
}

/** Zod issues as field errors; an unknown filter is named by its own path. */
export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => ({
      path: [...issue.path, ...(key === undefined ? [] : [key])].map(String).join("."),
      code: issue.code,
      message: issue.message,
    }));
  });
}
