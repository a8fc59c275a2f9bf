import { and, count, desc, eq, or, sum } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { bookings, documents, users } from "../../db/schema";

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
/** A row with the name of who added it (null once that account is deleted). */
export type DocumentView = DocumentRow & { userName: string | null };

/** What `userId` may see of a trip's documents: the shared ones and their own private ones. */
const visibleTo = (userId: string) => or(eq(documents.shared, true), eq(documents.userId, userId));

/** The trip's documents the member may see, newest first, or one of them by id. */
export function readDocuments(
  db: Executor,
  tripId: string,
  userId: string,
  documentId?: string,
): Promise<DocumentView[]> {
  return db
    .select({ row: documents, userName: users.name })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.userId))
    .where(
      and(
        eq(documents.tripId, tripId),
        visibleTo(userId),
        documentId ? eq(documents.id, documentId) : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .then((rows) => rows.map((r) => ({ ...r.row, userName: r.userName })));
}

/** How many documents the trip keeps and how many bytes they take, everyone's together. */
export async function tripDocumentTotals(db: Executor, tripId: string) {
  const [row] = await db
    .select({ n: count(), bytes: sum(documents.bytes) })
    .from(documents)
    .where(eq(documents.tripId, tripId));
  return { count: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export async function insertDocument(db: Executor, row: NewDocument): Promise<DocumentRow> {
  const [created] = await db.insert(documents).values(row).returning();
  return created!;
}

export async function updateDocument(
  db: Executor,
  documentId: string,
  patch: Partial<Pick<DocumentRow, "title" | "shared" | "bookingId">>,
): Promise<void> {
  await db.update(documents).set(patch).where(eq(documents.id, documentId));
}

/** Deletes a document's row; its storage key, to remove the file after the commit. */
export async function deleteDocumentRow(db: Executor, documentId: string) {
  const [row] = await db
    .delete(documents)
    .where(eq(documents.id, documentId))
    .returning({ key: documents.key });
  return row;
}

export async function bookingInTrip(db: Executor, tripId: string, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.tripId, tripId)))
    .limit(1);
  return Boolean(row);
}

/** The storage keys of a booking's documents (to remove with the booking: its rows go by cascade). */
export function documentKeysOfBooking(db: Executor, tripId: string, bookingId: string) {
  return db
    .select({ key: documents.key })
    .from(documents)
    .where(and(eq(documents.tripId, tripId), eq(documents.bookingId, bookingId)));
}

/**
 * Deletes a member's private documents, of one trip (their membership ended) or of every trip (their
 * account goes); their storage keys, to remove the files after the commit. Shared ones stay.
 */
export async function deletePrivateDocumentsOf(db: Executor, userId: string, tripId?: string) {
  return db
    .delete(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.shared, false),
        tripId ? eq(documents.tripId, tripId) : undefined,
      ),
    )
    .returning({ key: documents.key });
}
