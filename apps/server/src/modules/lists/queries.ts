import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { checklistItems, checklists } from "../../db/schema";

export type ListRow = typeof checklists.$inferSelect;
export type ItemRow = typeof checklistItems.$inferSelect;
export type ListSummaryRow = ListRow & { total: number; done: number };

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** A list `userId` may see: shared, or their own personal one. */
const visibleTo = (userId: string) => or(eq(checklists.personal, false), eq(checklists.createdBy, userId));

/** The trip's shared lists and the caller's personal ones, in order, with their item counts. */
export async function readLists(db: Executor, tripId: string, userId: string): Promise<ListSummaryRow[]> {
  const list = await db
    .select({
      list: checklists,
      total: sql<number>`count(${checklistItems.id})::int`,
      done: sql<number>`count(${checklistItems.id}) filter (where ${checklistItems.checked})::int`,
    })
    .from(checklists)
    .leftJoin(checklistItems, eq(checklistItems.checklistId, checklists.id))
    .where(and(eq(checklists.tripId, tripId), visibleTo(userId)))
    .groupBy(checklists.id)
    .orderBy(asc(checklists.position), asc(checklists.createdAt));
  return list.map((r) => ({ ...r.list, total: Number(r.total), done: Number(r.done) }));
}

/** One list of the trip that `userId` may see (a personal list of another member is not there). */
export async function readList(
  db: Executor,
  tripId: string,
  listId: string,
  userId: string,
): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(checklists)
    .where(and(eq(checklists.tripId, tripId), eq(checklists.id, listId), visibleTo(userId)));
  return row;
}

export async function readItems(db: Executor, listId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.checklistId, listId))
    .orderBy(asc(checklistItems.position), asc(checklistItems.createdAt), asc(checklistItems.id));
}

export async function readItem(db: Executor, listId: string, itemId: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(checklistItems)
    .where(and(eq(checklistItems.checklistId, listId), eq(checklistItems.id, itemId)));
  return row;
}

/** A new list after the trip's others, unless the trip has `max` already (one statement); undefined when full. */
export async function insertList(
  db: Executor,
  tripId: string,
  values: { createdBy: string; personal: boolean; title: string; kind: ListRow["kind"] },
  max: number,
): Promise<ListRow | undefined> {
  const result = await db.execute(sql`
    insert into ${checklists} (trip_id, created_by, personal, title, kind, position)
    select ${tripId}, ${values.createdBy}, ${values.personal}, ${values.title}, ${values.kind},
           coalesce(max(position), 0) + 1
      from ${checklists} where trip_id = ${tripId}
      having count(*) < ${max}
    returning id`);
  const id = rows<{ id: string }>(result)[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(checklists).where(eq(checklists.id, id));
  return row;
}

export async function touchList(db: Executor, listId: string) {
  await db.update(checklists).set({ updatedAt: new Date() }).where(eq(checklists.id, listId));
}

export async function updateList(
  db: Executor,
  listId: string,
  set: Partial<Pick<ListRow, "title" | "kind">>,
): Promise<void> {
  await db
    .update(checklists)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(checklists.id, listId));
}

export async function deleteList(db: Executor, listId: string): Promise<void> {
  await db.delete(checklists).where(eq(checklists.id, listId));
}

/** Items at the end of a list, unless it would then hold more than `max`; undefined when it would. */
export async function appendItems(
  db: Executor,
  listId: string,
  items: { text: string; assigneeId: string | null; dueOn: string | null }[],
  createdBy: string,
  max: number,
): Promise<ItemRow[] | undefined> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map(
      (item, i) => sql`(${i + 1}::int, ${item.text}::text, ${item.assigneeId}::uuid, ${item.dueOn}::date)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    with here as (
      select coalesce(max(position), 0) as top, count(*) as n
        from ${checklistItems} where checklist_id = ${listId}
    )
    insert into ${checklistItems} (checklist_id, text, position, assignee_id, due_on, created_by)
    select ${listId}, v.text, here.top + v.i, v.assignee_id, v.due_on, ${createdBy}
      from here, (values ${values}) as v(i, text, assignee_id, due_on)
      where here.n + ${items.length} <= ${max}
    returning id`);
  const ids = rows<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return undefined;
  const written = await readItems(db, listId);
  const wanted = new Set(ids);
  return written.filter((r) => wanted.has(r.id));
}

export async function updateItem(
  db: Executor,
  itemId: string,
  set: Partial<
    Pick<ItemRow, "text" | "assigneeId" | "dueOn" | "checked" | "checkedBy" | "checkedAt" | "position">
  >,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(checklistItems)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(checklistItems.id, itemId))
    .returning();
  return row;
}

export async function deleteItem(db: Executor, listId: string, itemId: string): Promise<boolean> {
  const gone = await db
    .delete(checklistItems)
    .where(and(eq(checklistItems.checklistId, listId), eq(checklistItems.id, itemId)))
    .returning({ id: checklistItems.id });
  return gone.length > 0;
}

/** The position of the item right after `position` in the list, leaving `except` out; null at the end. */
export async function nextPosition(
  db: Executor,
  listId: string,
  position: number,
  except: string,
): Promise<number | null> {
  const [row] = await db
    .select({ position: checklistItems.position })
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.checklistId, listId),
        gt(checklistItems.position, position),
        sql`${checklistItems.id} <> ${except}`,
      ),
    )
    .orderBy(asc(checklistItems.position))
    .limit(1);
  return row?.position ?? null;
}

/** The first position of the list, leaving `except` out; null when it has no other item. */
export async function firstPosition(db: Executor, listId: string, except: string): Promise<number | null> {
  const [row] = await db
    .select({ position: checklistItems.position })
    .from(checklistItems)
    .where(and(eq(checklistItems.checklistId, listId), sql`${checklistItems.id} <> ${except}`))
    .orderBy(asc(checklistItems.position))
    .limit(1);
  return row?.position ?? null;
}

/**
 * Renumbers a list 1, 2, 3... in its current order: only when two neighbours have no room left between
 * them (after some fifty moves into the same gap).
 */
export async function renumber(db: Executor, listId: string): Promise<void> {
  await db.execute(sql`
    update ${checklistItems} i set position = o.n
      from (select id, row_number() over (order by position, created_at, id) as n
              from ${checklistItems} where checklist_id = ${listId}) o
      where i.id = o.id`);
}
