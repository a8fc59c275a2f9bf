import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import { assertSafeKey, StorageError, type StorageProvider } from "./types";

/** The type a file's extension stands for; local files keep no content type of their own. */
const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
  // Documents (modules/documents): kept as uploaded.
  ".pdf": "application/pdf",
  ".heic": "image/heic",
  ".heif": "image/heif",
};
const typeOf = (key: string) => TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";

/**
 * Files under `<root>` (the data dir's `uploads`). A write goes to a temporary file beside the target
 * and is renamed over it, so a reader never sees half a file, even after a crash mid-write.
 */
export function localStorage(root: string): StorageProvider {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    kind: "local",
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      if (contentType !== typeOf(key))
        throw new Error(`${key}: local storage keeps ${typeOf(key)} under this name, not ${contentType}`);
      const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temp, bytes, { flag: "wx" });
        await rename(temp, path);
      } catch (cause) {
        await rm(temp, { force: true }).catch(() => {});
        throw new StorageError("put", key, { cause });
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        return { body: await readFile(path), contentType: typeOf(key) };
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return undefined;
        throw new StorageError("get", key, { cause });
      }
    },
    async delete(key) {
      const path = pathOf(key);
      try {
        await rm(path, { force: true });
      } catch (cause) {
        throw new StorageError("delete", key, { cause });
      }
    },
    close() {},
  };
}
