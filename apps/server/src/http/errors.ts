import type { ErrorCode } from "@tabi/contracts";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  english,
  type Language,
  matchLanguage,
  type ServerKey,
  say,
  type Text,
  type TextParams,
  text,
} from "../i18n";
import { zodMessage } from "../i18n/zod";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "./unavailable";

/** An error's words: an English text of the catalogue (a contracts constant), or a key and its values. */
export type Message = string | Text;

/**
 * One error type with a closed set of codes; one place maps them to responses (STYLE.md). `message`
 * is English (logs); the answer says it in the caller's language (issue 13), by `key` and `params`,
 * or by the English words when they are the catalogue's.
 */
export class AppError extends Error {
  readonly key?: ServerKey;
  readonly params?: TextParams;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: Message,
  ) {
    super(typeof message === "string" ? message : english(message.key, message.params));
    if (typeof message !== "string") {
      this.key = message.key;
      if (message.params) this.params = message.params;
    }
  }

  /** What the caller reads, in their language. */
  say(lng: Language): string {
    return say(this.key ? text(this.key, this.params) : this.message, lng);
  }
}

export const badRequest = (message: Message) => new AppError(400, "BAD_REQUEST", message);
export const unauthorized = (message: Message = "Authentication required") =>
  new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message: Message) => new AppError(403, "FORBIDDEN", message);
export const notFound = (message: Message = text("server:errors.notFound")) =>
  new AppError(404, "NOT_FOUND", message);
export const conflict = (message: Message) => new AppError(409, "CONFLICT", message);

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

/** The caller's language without a database read: a lost database must not hold the 503 up. */
const headerLanguage = (request: FastifyRequest): Language =>
  matchLanguage(request.headers["accept-language"]) ?? "en";

/** Must run before any route is added: Fastify binds a route to the error handler of its time. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    // The caller's stored language, else their browser's (a session read at most, usually cached).
    const language = () => request.language().catch(() => headerLanguage(request));
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.say(await language()) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The schema's own words (the spec's), without a field prefix: users read this text.
      const lng = await language();
      const first = err.validation[0];
      const message = first?.message
        ? (zodMessage(first, lng) ?? say(first.message, lng))
        : say(text("server:errors.invalidRequest"), lng);
      return reply.status(400).send({ error: { code: "VALIDATION_ERROR", message } });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, wrong content type ...
      const message =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? text("server:errors.invalidJson")
          : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? text("server:errors.bodyTooLarge")
            : err.message;
      const code = STATUS_CODES[status] ?? "BAD_REQUEST";
      return reply.status(status).send({ error: { code, message: say(message, await language()) } });
    }
    if (isDatabaseUnavailable(err)) {
      // A lost database is temporary: tell clients to retry rather than report a bug.
      request.log.warn({ err }, "database unavailable");
      const message = say(UNAVAILABLE_MESSAGE, headerLanguage(request));
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ error: { code: "SERVICE_UNAVAILABLE", message } });
    }
    request.log.error({ err }, "unhandled error");
    const message = say("Something went wrong", await language());
    return reply.status(500).send({ error: { code: "INTERNAL", message } });
  });
}

/** Unknown paths: the web app's index.html for page paths (client-side routes), else a 404 body. */
export function registerNotFound(app: FastifyInstance, spaIndex?: (url: string) => string | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === "GET" || request.method === "HEAD" ? spaIndex?.(request.url) : undefined;
    if (page) return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
    const message = say(
      text("server:errors.noRoute", { method: request.method, url: request.url }),
      headerLanguage(request),
    );
    return reply.status(404).send({ error: { code: "NOT_FOUND", message } });
  });
}
