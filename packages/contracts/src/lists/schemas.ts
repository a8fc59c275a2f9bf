// The checklists API's bodies (issue 30 item 3): shared or personal lists of a trip, and their items.
import { z } from "zod";
import { languageSchema } from "../session";
import { isoDate, singleLineText } from "../text";
import { LIST_MESSAGES as M } from "./messages";
import { STARTER_KEYS } from "./starters";

export const CHECKLIST_KINDS = ["packing", "todo", "booking", "other"] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];
export const LIST_TITLE_MAX = 80;
export const ITEM_TEXT_MAX = 200;
/** Ours: more than any group keeps; more is a runaway client (LIST_MESSAGES says the numbers). */
export const MAX_LISTS_PER_TRIP = 50;
export const MAX_ITEMS_PER_LIST = 500;

const kind = z.enum(CHECKLIST_KINDS, { error: M.kindInvalid });
const title = singleLineText(M.titleRequired).trim().max(LIST_TITLE_MAX, M.titleTooLong);
const itemText = singleLineText(M.itemRequired)
  .trim()
  .min(1, M.itemRequired)
  .max(ITEM_TEXT_MAX, M.itemTooLong);
/** Any text: an id that is no member of the trip, well-formed or not, is the same "not a member". */
const memberId = z.string().max(100);
const nonEmpty = (o: object) => Object.values(o).some((v) => v !== undefined);

/**
 * POST /api/trips/:tripId/lists: a new list, empty (a title), or a copy of a starter list in a
 * language (its title and items in that language; a title given replaces the starter's).
 */
export const checklistInputSchema = z
  .object({
    title: title.optional(),
    kind: kind.optional(),
    /** Seen by its owner only; shared lists are seen and edited by every member. */
    personal: z.boolean().default(false),
    starter: z.enum(STARTER_KEYS, { error: M.starterInvalid }).optional(),
    language: languageSchema.optional(),
  })
  .superRefine((l, ctx) => {
    if (!l.starter && !l.title) ctx.addIssue({ code: "custom", message: M.titleRequired, path: ["title"] });
  });
export type ChecklistInput = z.input<typeof checklistInputSchema>;

/** PATCH /api/trips/:tripId/lists/:listId: its name or kind. */
export const checklistPatchSchema = z
  .object({ title: title.min(1, M.titleRequired).optional(), kind: kind.optional() })
  .refine(nonEmpty, M.nothingToChange);
export type ChecklistPatch = z.input<typeof checklistPatchSchema>;

/** POST /api/trips/:tripId/lists/:listId/items: added at the end of the list. */
export const checklistItemInputSchema = z.object({
  text: itemText,
  /** A member of the trip (a personal list's items can be assigned too, but only its owner sees them). */
  assigneeId: memberId.nullish(),
  dueOn: isoDate.nullish(),
});
export type ChecklistItemInput = z.input<typeof checklistItemInputSchema>;

/** PATCH .../items/:itemId: any of its fields; `checked` records who checked it and when. */
export const checklistItemPatchSchema = z
  .object({
    text: itemText.optional(),
    assigneeId: memberId.nullish(),
    dueOn: isoDate.nullish(),
    checked: z.boolean().optional(),
  })
  .refine(nonEmpty, M.nothingToChange);
export type ChecklistItemPatch = z.input<typeof checklistItemPatchSchema>;

/** POST .../items/:itemId/move: the item goes right after `afterId` (null: first); one row is written. */
export const checklistMoveSchema = z.object({ afterId: z.string().max(100).nullable() });
export type ChecklistMove = z.input<typeof checklistMoveSchema>;

const person = z.object({ userId: z.string(), name: z.string(), color: z.string() });

/** A list as GET /lists answers it: without its items, with how many there are and how many are done. */
export const checklistSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  title: z.string(),
  kind,
  personal: z.boolean(),
  /** Who made it (for a personal list: its owner); null once they left the trip. */
  createdBy: person.nullable(),
  /** Whether the caller may delete it (its author, a trip admin for a shared list; its owner). */
  canDelete: z.boolean(),
  position: z.number(),
  total: z.number().int(),
  done: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistItemSchema = z.object({
  id: z.string(),
  listId: z.string(),
  text: z.string(),
  position: z.number(),
  checked: z.boolean(),
  /** Who checked it and when; null while unchecked (checkedBy also once they left the trip). */
  checkedBy: person.nullable(),
  checkedAt: z.string().nullable(),
  assignee: person.nullable(),
  dueOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** GET /lists/:listId and a new list: the list with its items in order. */
export const checklistDetailSchema = checklistSchema.extend({ items: z.array(checklistItemSchema) });
export type ChecklistDetail = z.infer<typeof checklistDetailSchema>;
