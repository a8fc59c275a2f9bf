/** One stored object: its bytes and the content type it was stored with. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (DESIGN.md: on disk by default, S3-compatible storage when configured).
 * Keys are relative paths of safe segments ("trips/<id>/<id>.webp", see isSafeKey). A failure of the
 * store itself rejects with StorageError; callers turn it into an answer, never a crash.
 */
export interface StorageProvider {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Undefined when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Deleting a key that holds nothing is no error. */
  delete(key: string): Promise<void>;
  close(): void;
}

/** The store could not be reached or refused the operation (disk full, S3 down, wrong keys ...). */
export class StorageError extends Error {
  constructor(operation: string, key: string, options: { cause: unknown }) {
    super(`storage ${operation} ${key} failed`, options);
    this.name = "StorageError";
  }
}

// Segments of letters, digits, '.', '_' and '-' that start with a letter or digit: no "..", no
// absolute path, no backslash or NUL, nothing a file system or an S3 URL reads in another way.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Whether a key is a relative path of safe segments (at most 8 deep, 512 characters). */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split("/");
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
}
