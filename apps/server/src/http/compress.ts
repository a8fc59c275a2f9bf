import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";

export type Encoding = "br" | "gzip";

/** Answers smaller than this go as they are: the headers would eat most of the gain. */
const MIN_BYTES = 1024;

/** The encoding to answer in: brotli when the client takes it, else gzip, else none (q=0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : undefined;
}

/**
 * Compressed in this thread: the API's answers are a few to a few hundred kB, where brotli at quality 4
 * takes well under a millisecond per 16 kB and still beats gzip -9 (the trip page's /full: 16 kB to
 * about 3 kB). A cached answer is compressed once (`modules/itinerary/full.ts`).
 */
export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * JSON answers above 1 kB leave in brotli or gzip when the client takes it (issue 28). Answers that
 * carry their own encoding (a cached compressed /full, the pre-compressed web assets) pass untouched.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding") || Buffer.byteLength(payload) < MIN_BYTES) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    reply.header("vary", "accept-encoding");
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compress(payload, encoding);
  });
}
