import { networkInterfaces } from "node:os";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { text } from "../i18n";
import { AppError, forbidden } from "./errors";

type Interfaces = ReturnType<typeof networkInterfaces>;

/**
 * The addresses the server prints and answers at. Embedded default (PUBLIC_URL unset): localhost,
 * 127.0.0.1 and each LAN IPv4 address with the port; with PUBLIC_URL: that URL alone.
 */
export function listenOrigins(config: Config, interfaces: Interfaces = networkInterfaces()): string[] {
  if (config.publicUrlSet) return [new URL(config.publicUrl).origin];
  const port = config.port;
  const lan = Object.values(interfaces)
    .flat()
    .filter((i) => i && i.family === "IPv4" && !i.internal)
    .map((i) => `http://${i!.address}:${port}`);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...lan];
}

/** One list for better-auth's trustedOrigins and for the cross-site check below. */
export function allowedOrigins(config: Config, interfaces?: Interfaces): string[] {
  // `npm run dev`: the Vite dev server on :5173 proxies /api with the page's Origin unchanged.
  const devServer =
    !config.publicUrlSet && !config.isProduction ? ["http://localhost:5173", "http://127.0.0.1:5173"] : [];
  return [...new Set([...listenOrigins(config, interfaces), ...devServer, ...config.allowedOrigins])];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a browser request comes from a page we do not serve (Origin, else Sec-Fetch-Site). */
export function isCrossSite(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !origins.has(origin);
  return request.headers["sec-fetch-site"] === "cross-site";
}

export const crossSiteError = () => forbidden(text("server:errors.crossSite"));

/**
 * Refuses state-changing /api requests from other sites, and bodies that are not JSON: a form or
 * text/plain POST is what a foreign page can send without a preflight. Requests with neither
 * Origin nor Sec-Fetch-Site (curl, server-to-server) pass.
 */
export function registerOriginCheck(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith("/api/")) return;
    // One-click unsubscribe (RFC 8058): a mail program posts a form; its token, not a cookie, authorises.
    const oneClick = (request.routeOptions.config as { oneClick?: boolean } | undefined)?.oneClick;
    if (oneClick) return;
    if (isCrossSite(request, allowed)) throw crossSiteError();
    const hasBody =
      request.headers["transfer-encoding"] !== undefined ||
      Number(request.headers["content-length"] ?? 0) > 0;
    const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    const multipart = (request.routeOptions.config as { multipart?: boolean } | undefined)?.multipart;
    if (hasBody && type !== "application/json" && !(multipart && type === "multipart/form-data"))
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", text("server:errors.jsonOnly"));
  });
}
