import { DOCUMENT_EXTENSIONS, DOCUMENT_TYPES, type DocumentType } from "@tabi/contracts";

// Loaded on the first document: the server starts without file-type in memory.
let detector: Promise<typeof import("file-type").fileTypeFromBuffer> | undefined;

/**
 * What a file really is, read from its bytes (never its name or declared type): one of
 * DOCUMENT_TYPES, or null for anything else (HTML, SVG, text, a zip, an executable...).
 */
export async function documentTypeOf(bytes: Buffer): Promise<DocumentType | null> {
  detector ??= import("file-type").then((m) => m.fileTypeFromBuffer);
  const mime = (await (await detector)(bytes))?.mime as string | undefined;
  // An animated PNG is a PNG to every viewer; file-type names it apart.
  const type = mime === "image/apng" ? "image/png" : mime;
  return (DOCUMENT_TYPES as readonly string[]).includes(type ?? "") ? (type as DocumentType) : null;
}

/** Where a document's bytes live: under its trip, named by its id, ending as its type. */
export const documentKey = (tripId: string, id: string, type: DocumentType) =>
  `trips/${tripId}/documents/${id}.${DOCUMENT_EXTENSIONS[type]}`;

/** A file name for Content-Disposition: the title, ending as the stored type. */
export function downloadName(title: string, type: string): string {
  const ext = DOCUMENT_EXTENSIONS[type as DocumentType] ?? "bin";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const base = title.replace(/[\u0000-\u001F\u007F"\\/]/g, "").trim() || "document";
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/**
 * `inline` with the name twice (RFC 6266): an ASCII stand-in for old clients, and the UTF-8 name
 * (a Japanese title stays Japanese). Neither can break out of the header.
 */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, "_").replace(/["\\;]/g, "_");
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
