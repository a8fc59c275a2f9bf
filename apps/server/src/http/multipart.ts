import type { FastifyRequest } from "fastify";
import type { ServerKey } from "../i18n";
import { text } from "../i18n";
import { AppError, badRequest } from "./errors";

/** Room for the multipart framing around a file of the largest size allowed. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** What a route says when the file is too big, missing or unreadable (its own words, in the catalogues). */
export interface FileTexts {
  tooLarge: ServerKey;
  noFile: ServerKey;
  unreadable: ServerKey;
}

/**
 * The one file of a multipart request, read into memory: photos, documents and imports. A declared
 * length far over `maxBytes` is refused before a byte is read; a file over it while streaming is a
 * 413; no file, an empty one, or a cut-off or malformed form (busboy's errors carry no status) is the
 * caller's doing, a 400, never a 500. `fileLimits` replaces the plugin's limits for this request only.
 */
export async function readOneFile(
  request: FastifyRequest,
  maxBytes: number,
  texts: FileTexts,
  fileLimits?: { fileSize: number; files: number },
): Promise<{ bytes: Buffer; fileName: string }> {
  const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", text(texts.tooLarge));
  const noFile = () => badRequest(text(texts.noFile));
  if (Number(request.headers["content-length"] ?? 0) > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw noFile();
  try {
    const part = await request.file(fileLimits ? { limits: fileLimits } : undefined);
    if (!part) throw noFile();
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw noFile();
    return { bytes, fileName: part.filename ?? "" };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw badRequest(text(texts.unreadable));
  }
}
