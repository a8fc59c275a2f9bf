import type { ErrorCode } from "@tabi/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "./unavailable";

/** One error type with a closed set of codes; one place maps them to responses (STYLE.md). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, "BAD_REQUEST", message);
export const unauthorized = (message = "Authentication required") =>
  new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message: string) => new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string) => new AppError(409, "CONFLICT", message);

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** Must run before any route is added: Fastify binds a route to the error handler of its time. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The schema's own words (the spec's), without a field prefix: users read this text.
      const message = err.validation[0]?.message ?? "Invalid request";
      return reply.status(400).send({ error: { code: "VALIDATION_ERROR", message } });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, wrong content type ...
      const message =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? "The request body is not valid JSON"
          : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "The request body is too large"
            : err.message;
      return reply.status(status).send({ error: { code: STATUS_CODES[status] ?? "BAD_REQUEST", message } });
    }
    if (isDatabaseUnavailable(err)) {
      // A lost database is temporary: tell clients to retry rather than report a bug.
      request.log.warn({ err }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ error: { code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE } });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ error: { code: "INTERNAL", message: "Something went wrong" } });
  });
}

/** Unknown paths: the web app's index.html for page paths (client-side routes), else a 404 body. */
export function registerNotFound(app: FastifyInstance, spaIndex?: (url: string) => string | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === "GET" || request.method === "HEAD" ? spaIndex?.(request.url) : undefined;
    if (page) return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
    return reply
      .status(404)
      .send({ error: { code: "NOT_FOUND", message: `No route ${request.method} ${request.url}` } });
  });
}
