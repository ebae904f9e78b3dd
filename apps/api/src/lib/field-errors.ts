import { type ErrorCode, errorMessages } from "@unaa/contracts";
import { AppError } from "../errors.ts";

/**
 * An error that belongs beside one field: `{ code, errors: [{ path, code, message }] }`. The error
 * handler (plugins/error-handler.ts) answers the code's message in the caller's language.
 */
export function fieldError(code: ErrorCode, path: string): AppError {
  return new AppError(code, { errors: [{ path, code, message: errorMessages.en[code] }] });
}
