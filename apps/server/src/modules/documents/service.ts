import { randomUUID } from "node:crypto";
import {
  DOCUMENT_TITLE_MAX,
  DOCUMENT_MESSAGES as M,
  MAX_DOCUMENT_TRIP_BYTES,
  MAX_DOCUMENTS_PER_TRIP,
  type TripDocument,
} from "@tabi/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "../../db/connect";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { text } from "../../i18n";
import type { StorageProvider, StoredObject } from "../../providers/storage";
import { removeDocumentFiles } from "../../providers/storage/delete-files";
import type { TripBus } from "../../realtime/bus";
import { lockTrip } from "../trips/queries";
import { documentKey, documentTypeOf } from "./files";
import {
  bookingInTrip,
  type DocumentView,
  deleteDocumentRow,
  insertDocument,
  readDocuments,
  tripDocumentTotals,
  updateDocument,
} from "./queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MB = 1024 * 1024;

/** The store is away or refused: a retryable 503, logged with its cause, never a crash or a 500. */
function storageUnavailable(log: FastifyBaseLogger, err: unknown): AppError {
  log.warn({ err }, "document storage failed");
  return new AppError(503, "SERVICE_UNAVAILABLE", text("server:messages.serviceUnavailable"));
}

/** The uploader's file name for the record: no folders, no control characters, not too long. */
export function cleanName(name: string | undefined): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, "");
  return clean.trim().slice(0, 200);
}

/** A title from the file's name: without its ending ("KE721 e-ticket.pdf" is "KE721 e-ticket"). */
export function titleFromName(name: string): string {
  const bare = name.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim();
  return (bare || name || "document").slice(0, DOCUMENT_TITLE_MAX);
}

/**
 * Who may do what. Seeing: every member a shared document, only its uploader a private one (to
 * everyone else a private document does not exist: the generic 404). Renaming, attaching elsewhere
 * and deleting: the uploader, or an admin for a shared one. Sharing or making private: the uploader.
 */
const canEdit = (scope: TripScope, row: DocumentView) =>
  row.userId === scope.userId || (row.shared && scope.role === "admin");
const canShare = (scope: TripScope, row: DocumentView) => row.userId === scope.userId;

export function documentView(scope: TripScope, row: DocumentView): TripDocument {
  return {
    id: row.id,
    tripId: row.tripId,
    bookingId: row.bookingId,
    userId: row.userId,
    userName: row.userName,
    shared: row.shared,
    title: row.title,
    contentType: row.contentType,
    size: row.bytes,
    originalName: row.originalName,
    createdAt: row.createdAt.toISOString(),
    url: `/api/trips/${row.tripId}/documents/${row.id}/file`,
    canEdit: canEdit(scope, row),
    canShare: canShare(scope, row),
  };
}

/**
 * Documents of a trip (issue 30 item 4, decision 0024): PDFs and images kept as uploaded, on the trip
 * or on one of its bookings, shared with the members or private to the uploader. Every change tells
 * the trip's channel (`documents.changed`, which names no document).
 */
export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly storage: StorageProvider,
    private readonly bus: TripBus,
  ) {}

  async list(scope: TripScope): Promise<TripDocument[]> {
    return (await readDocuments(this.db, scope.tripId, scope.userId)).map((r) => documentView(scope, r));
  }

  /**
   * Reads the type from the bytes (PDF or image, else 415), checks the trip's caps and the booking,
   * stores the bytes as they came, then records them; a refused or failed record removes the file.
   */
  async create(
    scope: TripScope,
    input: { bytes: Buffer; fileName: string | undefined; bookingId?: string; shared: boolean },
    log: FastifyBaseLogger,
  ): Promise<TripDocument> {
    const type = await documentTypeOf(input.bytes);
    if (!type) throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", text("server:documents.notAllowedType"));
    if (input.bookingId && !(await bookingInTrip(this.db, scope.tripId, input.bookingId)))
      throw badRequest(M.bookingNotInTrip);
    // Before storing anything; checked again under the trip's lock with the row.
    await this.assertRoom(this.db, scope.tripId, input.bytes.length);
    const id = randomUUID();
    const originalName = cleanName(input.fileName);
    const row = {
      id,
      tripId: scope.tripId,
      bookingId: input.bookingId ?? null,
      userId: scope.userId,
      shared: input.shared,
      title: titleFromName(originalName),
      key: documentKey(scope.tripId, id, type),
      contentType: type,
      bytes: input.bytes.length,
      originalName: originalName || "document",
    };
    try {
      await this.storage.put(row.key, input.bytes, type);
    } catch (err) {
      void removeDocumentFiles(this.storage, [row]);
      throw storageUnavailable(log, err);
    }
    try {
      await this.db.transaction(async (tx) => {
        await lockTrip(tx, scope.tripId);
        await this.assertRoom(tx, scope.tripId, row.bytes);
        // The booking may have been deleted meanwhile (its documents' files go with it).
        if (row.bookingId && !(await bookingInTrip(tx, scope.tripId, row.bookingId)))
          throw badRequest(M.bookingNotInTrip);
        await insertDocument(tx, row);
      });
    } catch (err) {
      await removeDocumentFiles(this.storage, [row], log);
      throw err;
    }
    this.changed(scope.tripId);
    return this.one(scope, id);
  }

  /** The document and its bytes, for those who may see it; the generic 404 otherwise. */
  async read(
    scope: TripScope,
    documentId: string,
    log: FastifyBaseLogger,
  ): Promise<{ row: DocumentView; stored: StoredObject }> {
    const row = await this.visible(scope, documentId);
    let stored: StoredObject | undefined;
    try {
      stored = await this.storage.get(row.key);
    } catch (err) {
      throw storageUnavailable(log, err);
    }
    if (!stored) throw notFound();
    return { row, stored };
  }

  async update(
    scope: TripScope,
    documentId: string,
    patch: { title?: string; shared?: boolean; bookingId?: string | null },
  ): Promise<TripDocument> {
    if (patch.title === undefined && patch.shared === undefined && patch.bookingId === undefined)
      throw badRequest(M.nothingToChange);
    const row = await this.visible(scope, documentId);
    if (patch.shared !== undefined && patch.shared !== row.shared && !canShare(scope, row))
      throw forbidden(M.onlyUploaderShares);
    if ((patch.title !== undefined || patch.bookingId !== undefined) && !canEdit(scope, row))
      throw forbidden(M.onlyUploaderOrAdmin);
    if (patch.bookingId && !(await bookingInTrip(this.db, scope.tripId, patch.bookingId)))
      throw badRequest(M.bookingNotInTrip);
    await updateDocument(this.db, row.id, patch);
    this.changed(scope.tripId);
    return this.one(scope, row.id);
  }

  async remove(scope: TripScope, documentId: string, log: FastifyBaseLogger): Promise<void> {
    const row = await this.visible(scope, documentId);
    if (!canEdit(scope, row)) throw forbidden(M.onlyUploaderOrAdmin);
    const gone = await deleteDocumentRow(this.db, row.id);
    if (!gone) throw notFound();
    await removeDocumentFiles(this.storage, [gone], log);
    this.changed(scope.tripId);
  }

  private async assertRoom(db: Executor, tripId: string, bytes: number) {
    const totals = await tripDocumentTotals(db, tripId);
    if (totals.count >= MAX_DOCUMENTS_PER_TRIP)
      throw conflict(text("server:documents.tripFull", { max: MAX_DOCUMENTS_PER_TRIP }));
    if (totals.bytes + bytes > MAX_DOCUMENT_TRIP_BYTES)
      throw new AppError(
        413,
        "PAYLOAD_TOO_LARGE",
        text("server:documents.tripBytesFull", { max: MAX_DOCUMENT_TRIP_BYTES / MB }),
      );
  }

  /** A document of this trip the member may see; anything else (another's private one too) is 404. */
  private async visible(scope: TripScope, documentId: string): Promise<DocumentView> {
    const [row] = UUID.test(documentId)
      ? await readDocuments(this.db, scope.tripId, scope.userId, documentId)
      : [];
    if (!row) throw notFound();
    return row;
  }

  private async one(scope: TripScope, documentId: string): Promise<TripDocument> {
    return documentView(scope, await this.visible(scope, documentId));
  }

  private changed(tripId: string) {
    void this.bus.publish({ type: "documents.changed", tripId }).catch(() => {});
  }
}
