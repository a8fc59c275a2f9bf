import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../session";
import { checklistInputSchema, checklistItemInputSchema, ITEM_TEXT_MAX, LIST_TITLE_MAX } from "./schemas";
import { STARTER_KEYS, STARTER_LISTS } from "./starters";

describe("starter lists", () => {
  it.each(STARTER_KEYS)("%s: the same items in every language, each one a valid item", (key) => {
    const { text } = STARTER_LISTS[key];
    const count = text.en.items.length;
    expect(count).toBeGreaterThan(5);
    for (const lng of LANGUAGE_CODES) {
      const { title, items } = text[lng];
      expect(title.length, `${lng} title`).toBeLessThanOrEqual(LIST_TITLE_MAX);
      expect(items, lng).toHaveLength(count);
      expect(new Set(items).size, `${lng} duplicates`).toBe(count);
      for (const item of items) {
        expect(item.length).toBeLessThanOrEqual(ITEM_TEXT_MAX);
        expect(checklistItemInputSchema.safeParse({ text: item }).success, item).toBe(true);
      }
    }
  });
});

describe("a new list's body", () => {
  it("needs a title unless it copies a starter list", () => {
    expect(checklistInputSchema.safeParse({ title: "Beach gear" }).success).toBe(true);
    expect(checklistInputSchema.safeParse({ starter: "packing", language: "ko" }).success).toBe(true);
    const none = checklistInputSchema.safeParse({ personal: true });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe("Please give the list a name");
    expect(checklistInputSchema.safeParse({ starter: "camping" }).success).toBe(false);
    expect(checklistInputSchema.safeParse({ title: "x", language: "fr" }).success).toBe(false);
  });
});
