import {
  type ErrorBody,
  type ErrorCode,
  errorMessages,
  errorStatus,
  type FieldError,
  type FieldIssue,
  fieldIssueMessage,
  type Locale,
  passwordRuleCodes,
  passwordRuleMessages,
} from "@unaa/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";

const codeByStatus: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

/** One entry of `error.validation`: the zod issue's code, path and (in `params`) details. */
interface ValidationEntry {
  keyword?: string;
  instancePath?: string;
  params?: Partial<FieldIssue> & { keys?: string[] };
}

/**
 * The message of a field error in the caller's language: a password rule's, an error code's, or
 * the text of the schema check that failed (with its bound when the issue names it).
 */
function fieldMessage(issue: FieldIssue, locale: Locale): string {
  if ((passwordRuleCodes as readonly string[]).includes(issue.code)) {
    return passwordRuleMessages[locale][issue.code as (typeof passwordRuleCodes)[number]];
  }
  if (Object.hasOwn(errorStatus, issue.code)) return errorMessages[locale][issue.code as ErrorCode];
  return fieldIssueMessage(issue, locale);
}

/** Field errors of a failed schema check; an unknown key is an error of its own path. */
function toFieldErrors(validation: ValidationEntry[], locale: Locale): FieldError[] {
  return validation.flatMap(({ keyword, instancePath = "", params = {} }) => {
    const code = keyword ?? "invalid";
    const message = fieldMessage({ ...params, code }, locale);
    const path = instancePath.split("/").filter(Boolean);
    const keys = code === "unrecognized_keys" && params.keys?.length ? params.keys : [undefined];
    return keys.map((key) => ({ path: [...path, ...(key ? [key] : [])].join("."), code, message }));
  });
}

/**
 * One answer for every API error: `{ code, message, errors? }` in the caller's language
 * (`X-Lang`), field messages included. User mistakes are 4xx with a code; anything else is a
 * 5xx whose message and details are never echoed (they are logged instead).
 */
export function toErrorResponse(
  error: FastifyError | AppError,
  request: FastifyRequest,
): [number, ErrorBody] {
  const locale = request.locale;
  const messages = errorMessages[locale];
  if (error instanceof AppError) {
    if (error.status >= 500) return [error.status, { code: error.code, message: messages[error.code] }];
    const errors = error.fieldErrors?.map((field) => ({ ...field, message: fieldMessage(field, locale) }));
    return [
      error.status,
      {
        code: error.code,
        message: error.clientMessage || messages[error.code],
        ...(errors ? { errors } : {}),
      },
    ];
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const errors = toFieldErrors((error.validation ?? []) as ValidationEntry[], locale);
    return [400, { code: "VALIDATION_FAILED", message: messages.VALIDATION_FAILED, errors }];
  }
  const status = error.statusCode ?? 500;
  const code = status < 500 ? (codeByStatus[status] ?? "BAD_REQUEST") : (codeByStatus[status] ?? "INTERNAL");
  return [status >= 400 && status < 600 ? status : 500, { code, message: messages[code] }];
}

/** The one error handler, on the root instance: no route scope sets its own. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, body] = toErrorResponse(error, request);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.code, status }, "request refused");
    return reply.status(status).type("application/json; charset=utf-8").send(body);
  });
});
