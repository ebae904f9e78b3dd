import { type ErrorCode, errorStatus, type FieldError } from "@unaa/contracts";

/**
 * The one error type. Services throw `new AppError("NOT_FOUND")`; the error handler turns it
 * into `{ code, message, errors? }` with the status from the contracts' code table.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;
  /** A message for the client; without it the code's translated message is sent. */
  readonly clientMessage: string | undefined;

  constructor(code: ErrorCode, options: { message?: string; errors?: FieldError[]; cause?: unknown } = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.code = code;
    this.status = errorStatus[code];
    this.fieldErrors = options.errors;
    this.clientMessage = options.message;
  }
}
