import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * helmet's security headers on every answer, its options read once. @fastify/helmet builds helmet
 * again on every request (the policy's directives parsed each time, in two hooks): 4% of an add's CPU
 * on PGlite (issue 28), for headers that never change while the process runs.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook("onRequest", (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
