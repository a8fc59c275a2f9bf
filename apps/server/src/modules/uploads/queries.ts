import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { uploads } from "../../db/schema";

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export async function insertUpload(db: Executor, row: NewUpload): Promise<UploadRow> {
  const [created] = await db.insert(uploads).values(row).returning();
  return created!;
}

/** An upload of this trip; undefined for an unknown id or another trip's upload. */
export async function findUpload(
  db: Executor,
  tripId: string,
  uploadId: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.tripId, tripId)))
    .limit(1);
  return row;
}

/** Which of these upload ids belong to the trip. */
export async function tripUploadIds(db: Executor, tripId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.tripId, tripId), inArray(uploads.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Deletes an upload's row; the row, to remove its files after. */
export async function deleteUploadRow(db: Executor, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db.delete(uploads).where(eq(uploads.id, uploadId)).returning();
  return row;
}
