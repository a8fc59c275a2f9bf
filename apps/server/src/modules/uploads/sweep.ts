import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { chatMessages, expenses, places, uploads } from "../../db/schema";
import type { StorageProvider } from "../../providers/storage";
import { deleteUploadFiles } from "../../providers/storage/delete-files";

/** An upload nothing uses is kept this long (a message, place or expense being written may still take it). */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 3600_000;
export const SWEEP_EVERY_MS = 3600_000;

/**
 * Deletes uploads that no message, no place and no expense of their trip uses (a place's photos, an
 * expense's receipts) and that are older than the grace period: a photo added in the place editor and
 * never saved, a receipt removed from an expense. Their rows go first (their URLs answer 404), then
 * their files. Answers how many went.
 */
export async function sweepUnusedUploads(
  db: Db,
  storage: StorageProvider,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS);
  const gone = await db
    .delete(uploads)
    .where(
      sql`${uploads.createdAt} < ${before.toISOString()}::timestamptz
        and not exists (select 1 from ${chatMessages} m where m.image_id = ${uploads.id})
        and not exists (select 1 from ${places} p where p.trip_id = ${uploads.tripId}
          and p.photos::text like '%' || ${uploads.id}::text || '%')
        and not exists (select 1 from ${expenses} e where e.trip_id = ${uploads.tripId}
          and e.receipts::text like '%' || ${uploads.id}::text || '%')`,
    )
    .returning({ key: uploads.key, thumbKey: uploads.thumbKey });
  await Promise.all(gone.map((row) => deleteUploadFiles(storage, row)));
  return gone.length;
}

/** Sweeps at start and every hour; a failure is logged and tried again next time. */
export function startUploadSweep(
  db: Db,
  storage: StorageProvider,
  onError: (err: Error) => void,
): () => void {
  const sweep = () => void sweepUnusedUploads(db, storage).catch(onError);
  const first = setTimeout(sweep, 60_000); // not during start-up
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
