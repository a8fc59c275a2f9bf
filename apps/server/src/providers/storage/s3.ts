import type { S3Config } from "../../config";
import { assertSafeKey, StorageError, type StorageProvider } from "./types";

/** S3's answer for a key that holds nothing (GetObject: NoSuchKey; some stores: a bare 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2 ...). The SDK is loaded only when storage is
 * configured this way, so the embedded default starts without it.
 */
export async function s3Storage(config: S3Config): Promise<StorageProvider> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import(
    "@aws-sdk/client-s3"
  );
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    maxAttempts: 2,
    // A store that does not answer fails the request in seconds instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000, throwOnRequestTimeout: true },
  });
  const Bucket = config.bucket;
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
      } catch (cause) {
        throw new StorageError("put", key, { cause });
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return undefined;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (cause) {
        if (isMissing(cause)) return undefined;
        throw new StorageError("get", key, { cause });
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (cause) {
        if (isMissing(cause)) return;
        throw new StorageError("delete", key, { cause });
      }
    },
    close() {
      client.destroy();
    },
  };
}
