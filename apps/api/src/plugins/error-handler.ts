import { type ErrorBody, type ErrorCode, errorMessages, type FieldError } from "@unaa/contracts";
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

interface ZodLikeIssue {
  path?: PropertyKey[];
  code?: string;
  message?: string;
  instancePath?: string;
  keyword?: string;
  params?: { issue?: ZodLikeIssue };
}

function toFieldErrors(validation: ZodLikeIssue[]): FieldError[] {
  return validation.map((entry) => {
    const issue = entry.params?.issue ?? entry;
    const path = issue.path?.length
      ? issue.path.map(String).join(".")
      : (entry.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
    return {
      path,
      code: issue.code ?? entry.keyword ?? "invalid",
      message: issue.message ?? "Invalid value",
    };
  });
}

/**
 * One handler for every API error: `{ code, message, errors? }`. User mistakes are 4xx with a
 * code; anything unexpected is a 500 whose message is never echoed (it is logged instead).
 */
export function toErrorResponse(
  error: FastifyError | AppError,
  request: FastifyRequest,
): [number, ErrorBody] {
  const messages = errorMessages[request.locale];
  if (error instanceof AppError) {
    const isServerError = error.status >= 500;
    return [
      error.status,
      {
        code: error.code,
        message: !isServerError && error.clientMessage ? error.clientMessage : messages[error.code],
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      },
    ];
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const errors = toFieldErrors((error.validation ?? []) as ZodLikeIssue[]);
    return [400, { code: "VALIDATION_FAILED", message: messages.VALIDATION_FAILED, errors }];
  }
  const status = error.statusCode ?? 500;
  const code = status < 500 ? (codeByStatus[status] ?? "BAD_REQUEST") : (codeByStatus[status] ?? "INTERNAL");
  return [status >= 400 && status < 600 ? status : 500, { code, message: messages[code] }];
}

export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, body] = toErrorResponse(error, request);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.code, status }, "request refused");
    return reply.status(status).type("application/json; charset=utf-8").send(body);
  });
});
