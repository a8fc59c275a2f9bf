/** What a money function answers instead of throwing: the value, or a typed reason the UI can say. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };
