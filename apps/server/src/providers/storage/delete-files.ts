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
