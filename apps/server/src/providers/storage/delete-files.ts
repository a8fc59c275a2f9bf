import type { FastifyBaseLogger } from "fastify";
import type { StorageProvider } from "./index";

/**
 * Removes an upload's photo and thumbnail from the store (after its row is gone, or when it was
 * never recorded). Never rejects: false when the store failed and a file may be left behind.
 */
export async function deleteUploadFiles(
  storage: StorageProvider,
  row: { key: string; thumbKey: string },
): Promise<boolean> {
  const results = await Promise.allSettled([storage.delete(row.key), storage.delete(row.thumbKey)]);
  return results.every((r) => r.status === "fulfilled");
}

/**
 * Removes documents' files from the store, after their rows are gone. Never rejects: a failure is
 * logged (the file is unreachable without its row, but takes room until removed by hand).
 */
export async function removeDocumentFiles(
  storage: StorageProvider,
  rows: readonly { key: string }[],
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<boolean> {
  if (rows.length === 0) return true;
  const results = await Promise.allSettled(rows.map((r) => storage.delete(r.key)));
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed) log?.warn({ files: failed }, "document files were left in storage");
  return failed === 0;
}
