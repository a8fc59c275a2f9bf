import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Config } from "../../config";
import { loadConfig } from "../../config";
import { createStorage } from ".";
import { s3Storage } from "./s3";
import { StorageError, type StorageProvider } from "./types";

// The S3 provider against s3rver, an S3 implementation, on loopback with a random port.
const dir = mkdtempSync(join(tmpdir(), "tabi-s3rver-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory: dir,
  silent: true,
  configureBuckets: [{ name: "tabi-photos" }],
});
let endpoint: string;
let storage: StorageProvider;
const settings = (overrides: Partial<S3Config> = {}): S3Config => ({
  bucket: "tabi-photos",
  endpoint,
  region: "us-east-1",
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  forcePathStyle: true,
  ...overrides,
});

beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = await s3Storage(settings());
});
afterAll(async () => {
  storage?.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("S3 storage", () => {
  it("puts, gets and deletes an object with its content type; a missing key is undefined", async () => {
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 255]);
    await storage.put("trips/t1/u1.webp", bytes, "image/webp");
    expect(await storage.get("trips/t1/u1.webp")).toEqual({ body: bytes, contentType: "image/webp" });
    await storage.delete("trips/t1/u1.webp");
    expect(await storage.get("trips/t1/u1.webp")).toBeUndefined();
    expect(await storage.get("trips/never/stored.webp")).toBeUndefined();
    await expect(storage.delete("trips/never/stored.webp")).resolves.toBeUndefined();
  });

  it("refuses unsafe keys before any request", async () => {
    await expect(storage.put("../x.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/unsafe/);
  });

  it("turns a bucket that does not exist or a store that is down into a StorageError", async () => {
    const noBucket = await s3Storage(settings({ bucket: "no-such-bucket" }));
    await expect(noBucket.put("a/b.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(
      StorageError,
    );
    noBucket.close();
    // A port nothing listens on (the server's own port, closed below, would race; 9 is "discard").
    const down = await s3Storage(settings({ endpoint: "http://127.0.0.1:9" }));
    await expect(down.get("a/b.webp")).rejects.toBeInstanceOf(StorageError);
    await expect(down.put("a/b.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(StorageError);
    down.close();
  });

  it("is what createStorage makes from the S3_* settings", async () => {
    const fromConfig = await createStorage(
      loadConfig({
        S3_BUCKET: "tabi-photos",
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      }),
    );
    expect(fromConfig.kind).toBe("s3");
    await fromConfig.put("cfg/x.webp", Buffer.from("from config"), "image/webp");
    expect((await storage.get("cfg/x.webp"))?.body.toString()).toBe("from config");
    fromConfig.close();
  });
});
