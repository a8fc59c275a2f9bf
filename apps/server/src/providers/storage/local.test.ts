import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createStorage } from ".";
import { localStorage } from "./local";
import { isSafeKey } from "./types";

const dir = mkdtempSync(join(tmpdir(), "tabi-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("storage keys", () => {
  it.each(["trips/a1/b2.webp", "x.webp", "trips/0b6a4a0e-6f0e-4d43-9a53-2a8f3c1d9e10/x-thumb.webp"])(
    "takes %s",
    (key) => expect(isSafeKey(key)).toBe(true),
  );
  it.each([
    "",
    "../secrets.json",
    "trips/../../etc/passwd",
    "/etc/passwd",
    "trips//x.webp",
    "trips/./x.webp",
    "trips\\..\\x.webp",
    ".hidden",
    "trips/x.webp\u0000.png",
    `${"a/".repeat(9)}x`,
    "x".repeat(600),
  ])("refuses %j", (key) => expect(isSafeKey(key)).toBe(false));
});

describe("local storage", () => {
  const root = join(dir, "uploads");
  const storage = localStorage(root);

  it("puts, gets and deletes a file under the root; a missing key is undefined", async () => {
    await storage.put("trips/t1/u1.webp", Buffer.from("RIFFwebp"), "image/webp");
    expect(readFileSync(join(root, "trips/t1/u1.webp"), "utf8")).toBe("RIFFwebp");
    // Written through a temporary file renamed into place: none is left behind.
    expect(readdirSync(join(root, "trips/t1"))).toEqual(["u1.webp"]);
    expect(await storage.get("trips/t1/u1.webp")).toEqual({
      body: Buffer.from("RIFFwebp"),
      contentType: "image/webp",
    });
    await storage.put("trips/t1/u1.webp", Buffer.from("RIFFnewer"), "image/webp");
    expect((await storage.get("trips/t1/u1.webp"))?.body.toString()).toBe("RIFFnewer");
    await storage.delete("trips/t1/u1.webp");
    expect(existsSync(join(root, "trips/t1/u1.webp"))).toBe(false);
    expect(await storage.get("trips/t1/u1.webp")).toBeUndefined();
    expect(await storage.get("trips/nothing/here.webp")).toBeUndefined();
    await expect(storage.delete("trips/t1/u1.webp")).resolves.toBeUndefined();
  });

  it("never reaches outside its root", async () => {
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/unsafe/);
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/unsafe/);
    await expect(storage.delete("/etc/passwd")).rejects.toThrow(/unsafe/);
    expect(existsSync(join(dir, "escape.webp"))).toBe(false);
  });

  it("is the default: <dataDir>/uploads", async () => {
    const storage = await createStorage(loadConfig({ TABI_DATA_DIR: dir }));
    expect(storage.kind).toBe("local");
    await storage.put("d/default.webp", Buffer.from("x"), "image/webp");
    expect(existsSync(join(dir, "uploads/d/default.webp"))).toBe(true);
  });
});

describe("storage settings", () => {
  it("switch to S3 with S3_BUCKET, and check the other S3_* settings", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: "tabi-photos",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "tabi-photos",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: "b1b", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ S3_BUCKET: "b1b", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: "b1b", S3_FORCE_PATH_STYLE: "maybe" })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
