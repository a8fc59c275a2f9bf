import { randomUUID } from "node:crypto";
import { parseUploadUrl, type Upload } from "@tabi/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "../../db/connect";
import { AppError, badRequest } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { text } from "../../i18n";
import type { StorageProvider, StoredObject } from "../../providers/storage";
import { deleteUploadFiles } from "../../providers/storage/delete-files";
import { processImage } from "./image";
import { insertUpload, tripUploadIds, type UploadRow } from "./queries";

export type UploadPurpose = UploadRow["purpose"];

/** The store is away or refused: a retryable 503, logged with its cause, never a crash or a 500. */
function storageUnavailable(log: FastifyBaseLogger, err: unknown): AppError {
  log.warn({ err }, "upload storage failed");
  return new AppError(503, "SERVICE_UNAVAILABLE", text("server:messages.serviceUnavailable"));
}

/** What the API says of an upload: its URLs (members only), size and the uploader's file name. */
export function uploadView(row: UploadRow): Upload {
  const url = `/api/trips/${row.tripId}/uploads/${row.id}`;
  return {
    id: row.id,
    url,
    thumbUrl: `${url}?size=thumb`,
    width: row.width,
    height: row.height,
    size: row.bytes,
    originalName: row.originalName,
    originalType: row.originalType,
  };
}

/** The uploader's file name for the record: no folders, no control characters, not too long. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, "").trim();
  return clean.slice(0, 200) || "photo";
}

/**
 * Re-encodes an uploaded image (image.ts), stores the photo and its thumbnail under keys named by the
 * trip and a new id, then records it. A failed record removes the stored files again.
 */
export async function createUpload(
  deps: { db: Db; storage: StorageProvider; log: FastifyBaseLogger },
  scope: TripScope,
  input: { bytes: Buffer; fileName: string | undefined; purpose: UploadPurpose },
): Promise<Upload> {
  const image = await processImage(input.bytes);
  const id = randomUUID();
  const row = {
    id,
    tripId: scope.tripId,
    userId: scope.userId,
    purpose: input.purpose,
    key: `trips/${scope.tripId}/${id}.webp`,
    thumbKey: `trips/${scope.tripId}/${id}-thumb.webp`,
    contentType: "image/webp",
    width: image.full.width,
    height: image.full.height,
    bytes: image.full.data.length,
    originalName: cleanFileName(input.fileName),
    originalType: image.detectedType,
  };
  try {
    await Promise.all([
      deps.storage.put(row.key, image.full.data, row.contentType),
      deps.storage.put(row.thumbKey, image.thumb.data, row.contentType),
    ]);
  } catch (err) {
    void deleteUploadFiles(deps.storage, row);
    throw storageUnavailable(deps.log, err);
  }
  try {
    return uploadView(await insertUpload(deps.db, row));
  } catch (err) {
    void deleteUploadFiles(deps.storage, row);
    throw err;
  }
}

/** The stored bytes of an upload (or its thumbnail); undefined when the file is gone. */
export async function readUpload(
  deps: { storage: StorageProvider; log: FastifyBaseLogger },
  row: UploadRow,
  size: "full" | "thumb",
): Promise<StoredObject | undefined> {
  try {
    return await deps.storage.get(size === "thumb" ? row.thumbKey : row.key);
  } catch (err) {
    throw storageUnavailable(deps.log, err);
  }
}

/**
 * A place's photos may name this trip's own uploads (spec 3, issue 14): each such URL must name the
 * place's trip and an upload that exists. https URLs pass as they are (the schema checked them).
 */
export async function assertPlacePhotos(
  db: Executor,
  scope: TripScope,
  photos: readonly string[] | undefined,
) {
  const own = (photos ?? []).map(parseUploadUrl).filter((u) => u !== null);
  if (own.length === 0) return;
  const refuse = () => badRequest(text("server:uploads.photoNotInTrip"));
  if (own.some((u) => u.tripId !== scope.tripId)) throw refuse();
  const found = await tripUploadIds(db, scope.tripId, [...new Set(own.map((u) => u.uploadId))]);
  if (own.some((u) => !found.has(u.uploadId))) throw refuse();
}
