import {
  type ErrorCode,
  errorMessages,
  type FieldError,
  type Locale,
  type PasswordRuleCode,
  passwordRuleCodes,
  passwordRuleMessages,
} from "@unaa/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";
import { toErrorResponse } from "../plugins/error-handler.ts";

/** An error that belongs beside one field: `{ code, errors: [{ path, code, message }] }`. */
export function fieldError(code: ErrorCode, path: string): AppError {
  return new AppError(code, { errors: [{ path, code, message: errorMessages.en[code] }] });
}

function isPasswordRule(code: string): code is PasswordRuleCode {
  return (passwordRuleCodes as readonly string[]).includes(code);
}

/** Field errors in the caller's language: the client shows the first one as a toast title (S8.2). */
export function localizeFieldErrors(errors: FieldError[], locale: Locale): FieldError[] {
  return errors.map((error) => {
    if (isPasswordRule(error.code)) return { ...error, message: passwordRuleMessages[locale][error.code] };
    const message = errorMessages[locale][error.code as ErrorCode];
    return message ? { ...error, message } : error;
  });
}

/**
 * The shared error handler's answer, with the field errors of the accounts routes translated.
 * Registered inside the accounts route plugins only.
 */
export function useLocalizedFieldErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const [status, body] = toErrorResponse(error, request);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.code, status }, "request refused");
    const errors = body.errors ? localizeFieldErrors(body.errors, request.locale) : undefined;
    return reply
      .status(status)
      .type("application/json; charset=utf-8")
      .send(errors ? { ...body, errors } : body);
  });
}
