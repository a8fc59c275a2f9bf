import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, badRequest } from "../http/errors";
import { isDatabaseUnavailable } from "../http/unavailable";
import { languageContext, matchLanguage, text } from "../i18n";
import type { Counters } from "../limits/counters";
import { AccountThrottle, KNOWN_BROWSER_COOKIE } from "./account-throttle";
import { type Auth, authFailure, CLIENT_IP_HEADER } from "./auth";

/** Headers of a Fastify request as a Fetch Headers object, with the trusted client IP added. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

// better-auth speaks Fetch Request/Response; this route hands every /api/auth/* call to it.
export async function registerAuthBridge(
  app: FastifyInstance,
  auth: Auth,
  counters: Counters,
): Promise<void> {
  const throttle = new AccountThrottle(auth.options.secret ?? "", counters);
  const secureCookies = String(auth.options.baseURL).startsWith("https://");
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      // better-auth's endpoints all take a JSON object; anything else is the caller's mistake.
      if (
        request.method === "POST" &&
        request.body != null &&
        (typeof request.body !== "object" || Array.isArray(request.body))
      )
        throw badRequest(text("server:errors.bodyNotObject"));
      const url = new URL(request.url, "http://internal");
      const body =
        request.method === "POST" && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      // Per-account throttle on e-mail sign-in (decision 0006), on top of better-auth's per-IP limit.
      const signInEmail =
        request.method === "POST" && url.pathname === "/api/auth/sign-in/email"
          ? (request.body as { email?: unknown } | undefined)?.email
          : undefined;
      const email = typeof signInEmail === "string" ? signInEmail : undefined;
      const knownCookie = readCookie(request, KNOWN_BROWSER_COOKIE);
      if (email && !throttle.isKnownBrowser(email, knownCookie)) {
        const wait = await throttle.waitMs(email);
        if (wait > 0) {
          reply.header("retry-after", Math.ceil(wait / 1000));
          throw new AppError(429, "RATE_LIMITED", text("server:errors.signInTooMany"));
        }
      }
      const headers = toFetchHeaders(request);
      if (body !== undefined) headers.set("content-type", "application/json");
      const failure: { error?: unknown } = {};
      // The browser's language for what better-auth's hooks write (a confirmation e-mail to a new
      // user, auth.ts); a user who chose one gets theirs. No session read here: most of these calls
      // are signing in.
      const language = matchLanguage(request.headers["accept-language"]) ?? "en";
      const response = await authFailure.run(failure, () =>
        languageContext.run(language, () =>
          auth.handler(
            new Request(new URL(url.pathname + url.search, auth.options.baseURL), {
              method: request.method,
              headers,
              body,
            }),
          ),
        ),
      );
      if (response.status >= 500) {
        // better-auth's own 500 for a lost database: the error handler turns it into a 503.
        if (isDatabaseUnavailable(failure.error)) throw failure.error;
        request.log.error({ err: failure.error }, "auth error");
      }
      reply.status(response.status);
      if (email && response.status === 401) await throttle.failed(email);
      if (email && response.status === 200)
        reply.header(
          "set-cookie",
          throttle.cookie(await throttle.succeeded(email, knownCookie), secureCookies),
        );
      for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const answer = await response.text();
      return reply.send(answer.length ? answer : null);
    },
  });
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
