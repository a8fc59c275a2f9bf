import {
  type Checklist,
  type ChecklistDetail,
  type ChecklistInput,
  type ChecklistItem,
  type ChecklistItemInput,
  type ChecklistItemPatch,
  type ChecklistPatch,
  LIST_MESSAGES as M,
  MAX_ITEMS_PER_LIST,
  MAX_LISTS_PER_TRIP,
  memberColor,
  STARTER_LISTS,
} from "@tabi/contracts";
import type { Db } from "../../db/connect";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import type { Language } from "../../i18n";
import type { TripBus } from "../../realtime/bus";
import { listMembers } from "../members/queries";
import {
  appendItems,
  deleteItem,
  deleteList,
  firstPosition,
  type ItemRow,
  insertList,
  type ListRow,
  nextPosition,
  readItem,
  readItems,
  readList,
  readLists,
  renumber,
  touchList,
  updateItem,
  updateList,
} from "./queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Person = { userId: string; name: string; color: string };
type People = Map<string, Person>;

/**
 * Checklists (issue 30 item 3): lists of a trip, shared with every member or personal to their owner.
 * A personal list is another member's nowhere: every read and write finds it only for its owner (any
 * other caller gets the same 404 as for no list), and its changes go out on the trip's channel as a
 * `checklists.changed` that names no list. Items are ordered by a fractional position: a move writes
 * the moved row only.
 */
export class ListsService {
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
  ) {}

  async lists(scope: TripScope): Promise<Checklist[]> {
    const [rows, people] = await Promise.all([
      readLists(this.db, scope.tripId, scope.userId),
      this.people(scope.tripId),
    ]);
    return rows.map((r) => presentList(r, r.total, r.done, people, scope));
  }

  async detail(scope: TripScope, listId: string): Promise<ChecklistDetail> {
    const list = await this.visible(scope, listId);
    const [items, people] = await Promise.all([readItems(this.db, list.id), this.people(scope.tripId)]);
    return {
      ...presentList(list, items.length, items.filter((i) => i.checked).length, people, scope),
      items: items.map((i) => presentItem(i, people)),
    };
  }

  /** A new list: empty, or a copy of a starter list in `language` (the body's, else the caller's). */
  async create(scope: TripScope, input: ChecklistInput, language: Language): Promise<ChecklistDetail> {
    const starter = input.starter ? STARTER_LISTS[input.starter] : undefined;
    const text = starter ? (starter.text[input.language ?? language] ?? starter.text.en) : undefined;
    const title = input.title || text?.title;
    if (!title) throw badRequest(M.titleRequired);
    const list = await insertList(
      this.db,
      scope.tripId,
      {
        createdBy: scope.userId,
        personal: input.personal ?? false,
        title,
        kind: input.kind ?? starter?.kind ?? "other",
      },
      MAX_LISTS_PER_TRIP,
    );
    if (!list) throw new AppError(409, "CONFLICT", M.tooManyLists);
    if (text)
      await appendItems(
        this.db,
        list.id,
        text.items.map((item) => ({ text: item, assigneeId: null, dueOn: null })),
        scope.userId,
        MAX_ITEMS_PER_LIST,
      );
    this.changed(list);
    return this.detail(scope, list.id);
  }

  async change(scope: TripScope, listId: string, patch: ChecklistPatch): Promise<Checklist> {
    const list = await this.visible(scope, listId);
    await updateList(this.db, list.id, {
      ...(patch.title ? { title: patch.title } : {}),
      ...(patch.kind ? { kind: patch.kind } : {}),
    });
    this.changed(list);
    const rows = await readLists(this.db, scope.tripId, scope.userId);
    const row = rows.find((r) => r.id === list.id);
    if (!row) throw notFound(M.listNotFound);
    return presentList(row, row.total, row.done, await this.people(scope.tripId), scope);
  }

  /** A shared list: its author or an admin; a personal list: its owner (nobody else finds it). */
  async remove(scope: TripScope, listId: string): Promise<void> {
    const list = await this.visible(scope, listId);
    if (!mayDelete(list, scope)) throw forbidden(M.onlyAuthorOrAdmin);
    await deleteList(this.db, list.id);
    this.changed(list);
  }

  async addItem(scope: TripScope, listId: string, input: ChecklistItemInput): Promise<ChecklistItem> {
    const list = await this.visible(scope, listId);
    const people = await this.people(scope.tripId);
    const assigneeId = input.assigneeId ?? null;
    if (assigneeId && !people.has(assigneeId)) throw badRequest(M.assigneeNotMember);
    const added = await appendItems(
      this.db,
      list.id,
      [{ text: input.text, assigneeId, dueOn: input.dueOn ?? null }],
      scope.userId,
      MAX_ITEMS_PER_LIST,
    );
    if (!added?.[0]) throw new AppError(409, "CONFLICT", M.tooManyItems);
    await touchList(this.db, list.id);
    this.changed(list);
    return presentItem(added[0], people);
  }

  async changeItem(
    scope: TripScope,
    listId: string,
    itemId: string,
    patch: ChecklistItemPatch,
  ): Promise<ChecklistItem> {
    const list = await this.visible(scope, listId);
    const item = await this.item(list, itemId);
    const people = await this.people(scope.tripId);
    if (patch.assigneeId && !people.has(patch.assigneeId)) throw badRequest(M.assigneeNotMember);
    const set: Parameters<typeof updateItem>[2] = {};
    if (patch.text !== undefined) set.text = patch.text;
    if (patch.assigneeId !== undefined) set.assigneeId = patch.assigneeId;
    if (patch.dueOn !== undefined) set.dueOn = patch.dueOn;
    // Checking what is checked keeps who checked it first and when.
    if (patch.checked !== undefined && patch.checked !== item.checked)
      Object.assign(
        set,
        patch.checked
          ? { checked: true, checkedBy: scope.userId, checkedAt: new Date() }
          : { checked: false, checkedBy: null, checkedAt: null },
      );
    const row = Object.keys(set).length > 0 ? await updateItem(this.db, item.id, set) : item;
    if (!row) throw notFound(M.itemNotFound);
    await touchList(this.db, list.id);
    this.changed(list);
    return presentItem(row, people);
  }

  async removeItem(scope: TripScope, listId: string, itemId: string): Promise<void> {
    const list = await this.visible(scope, listId);
    if (!UUID.test(itemId) || !(await deleteItem(this.db, list.id, itemId))) throw notFound(M.itemNotFound);
    await touchList(this.db, list.id);
    this.changed(list);
  }

  /** Puts the item right after `afterId` (null: first), writing its row only. */
  async move(
    scope: TripScope,
    listId: string,
    itemId: string,
    afterId: string | null,
  ): Promise<ChecklistItem> {
    const list = await this.visible(scope, listId);
    const item = await this.item(list, itemId);
    let after: ItemRow | undefined;
    if (afterId !== null && afterId !== item.id) {
      after = UUID.test(afterId) ? await readItem(this.db, list.id, afterId) : undefined;
      if (!after) throw badRequest(M.neighbourNotFound);
    }
    let position = afterId === item.id ? item.position : await this.between(list.id, item.id, after);
    if (position === null) {
      // No room left between the two neighbours: number the list afresh once, then move.
      await renumber(this.db, list.id);
      const fresh = after ? await readItem(this.db, list.id, after.id) : undefined;
      position = await this.between(list.id, item.id, fresh);
    }
    const row = position === null ? item : await updateItem(this.db, item.id, { position });
    if (!row) throw notFound(M.itemNotFound);
    this.changed(list);
    return presentItem(row, await this.people(scope.tripId));
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** A position after `after` (or first) and before the item that follows it; null when none fits. */
  private async between(listId: string, itemId: string, after: ItemRow | undefined): Promise<number | null> {
    if (!after) {
      const first = await firstPosition(this.db, listId, itemId);
      return first === null ? 0 : first - 1;
    }
    const next = await nextPosition(this.db, listId, after.position, itemId);
    if (next === null) return after.position + 1;
    const mid = (after.position + next) / 2;
    return mid > after.position && mid < next ? mid : null;
  }

  private async visible(scope: TripScope, listId: string): Promise<ListRow> {
    const list = UUID.test(listId) ? await readList(this.db, scope.tripId, listId, scope.userId) : undefined;
    if (!list) throw notFound(M.listNotFound);
    return list;
  }

  private async item(list: ListRow, itemId: string): Promise<ItemRow> {
    const item = UUID.test(itemId) ? await readItem(this.db, list.id, itemId) : undefined;
    if (!item) throw notFound(M.itemNotFound);
    return item;
  }

  private async people(tripId: string): Promise<People> {
    const members = await listMembers(this.db, [tripId]);
    return new Map(
      members.map((m) => [m.userId, { userId: m.userId, name: m.name, color: memberColor(m.colorIndex) }]),
    );
  }

  /** Tells the trip's channel after the answer: a shared list by id, a personal one without a word. */
  private changed(list: ListRow) {
    void this.bus
      .publish({ type: "checklists.changed", tripId: list.tripId, listId: list.personal ? null : list.id })
      .catch(() => {});
  }
}

const mayDelete = (list: ListRow, scope: TripScope) =>
  list.personal ? list.createdBy === scope.userId : list.createdBy === scope.userId || scope.role === "admin";

function presentList(row: ListRow, total: number, done: number, people: People, scope: TripScope): Checklist {
  return {
    id: row.id,
    tripId: row.tripId,
    title: row.title,
    kind: row.kind,
    personal: row.personal,
    createdBy: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
    canDelete: mayDelete(row, scope),
    position: row.position,
    total,
    done,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentItem(row: ItemRow, people: People): ChecklistItem {
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return {
    id: row.id,
    listId: row.checklistId,
    text: row.text,
    position: row.position,
    checked: row.checked,
    checkedBy: row.checked ? person(row.checkedBy) : null,
    checkedAt: row.checked && row.checkedAt ? row.checkedAt.toISOString() : null,
    assignee: person(row.assigneeId),
    dueOn: row.dueOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
