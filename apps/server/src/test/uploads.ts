import sharp from "sharp";
import type { TabiApp } from "../app";
import type { TestClient } from "./client";

/** A multipart/form-data body with one file field "file", as a browser's FormData sends it. */
export function multipartFile(file: Buffer, fileName: string, type: string) {
  const boundary = `----tabi${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/trips/{tripId}/uploads with one file, as the client (its cookie and address). */
export function postUpload(
  app: TabiApp,
  c: TestClient,
  tripId: string,
  file: Buffer,
  fileName = "photo.jpg",
  type = "image/jpeg",
) {
  const { payload, contentType } = multipartFile(file, fileName, type);
  return app.inject({
    method: "POST",
    url: `/api/trips/${tripId}/uploads?purpose=chat`,
    payload,
    remoteAddress: c.ip,
    headers: {
      ...(c.cookieHeader ? { cookie: c.cookieHeader } : {}),
      origin: "http://localhost:3000",
      "content-type": contentType,
    },
  });
}

/** A small real JPEG (for tests that need an upload, not its pixels). */
export const smallJpeg = (color = "#2d8a5f") =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
