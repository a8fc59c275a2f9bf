import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../http/errors";
import { type Auth, CLIENT_IP_HEADER } from "./auth";

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
export async function registerAuthBridge(app: FastifyInstance, auth: Auth): Promise<void> {
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
        throw badRequest("The request body must be a JSON object");
      const url = new URL(request.url, "http://internal");
      const body =
        request.method === "POST" && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      const headers = toFetchHeaders(request);
      if (body !== undefined) headers.set("content-type", "application/json");
      const response = await auth.handler(
        new Request(new URL(url.pathname + url.search, auth.options.baseURL), {
          method: request.method,
          headers,
          body,
        }),
      );
      reply.status(response.status);
      for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const text = await response.text();
      return reply.send(text.length ? text : null);
    },
  });
}
