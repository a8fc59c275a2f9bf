import type { ChatMessage, ChatPage } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import {
  allMessages,
  type History,
  keepNewer,
  moveReadCursor,
  PENDING_NUM,
  readCursors,
  removeByClientId,
  toggleReaction,
  upsertMessage,
} from "./cache";
import { contrast, readableText } from "./colors";
import { dayLabel } from "./days";
import { readersOf, readState, receiptShown } from "./receipts";

const msg = (num: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${num}`,
  tripId: "t",
  userId: "ann",
  senderName: "Ann",
  num,
  clientId: null,
  type: "text",
  content: `hello ${num}`,
  image: null,
  replyTo: null,
  attachment: null,
  reactions: [],
  editedAt: null,
  deletedAt: null,
  createdAt: "2026-05-01T10:00:00Z",
  ...extra,
});
const page = (messages: ChatMessage[], reads: ChatPage["reads"] = []): ChatPage => ({
  messages,
  hasMore: false,
  reads,
});
const history = (...pages: ChatPage[]): History => ({ pages, pageParams: pages.map(() => undefined) });
const nums = (h: History) => allMessages(h).map((m) => m.num);

describe("chat cache", () => {
  it("shows a sent message once: the stored copy replaces the optimistic one, whichever comes first", () => {
    const pending = msg(PENDING_NUM, { id: "c1", clientId: "c1" });
    const stored = msg(3, { id: "m3", clientId: "c1" });
    let h = upsertMessage(history(page([msg(1), msg(2)])), pending);
    expect(nums(h)).toEqual([1, 2, PENDING_NUM]);
    h = upsertMessage(h, stored); // the live event
    h = upsertMessage(h, stored); // then the POST's answer
    expect(allMessages(h).map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
  });

  it("keeps order by num when messages arrive out of order, pending ones last", () => {
    let h = history(page([msg(1)]));
    h = upsertMessage(h, msg(PENDING_NUM, { id: "c9", clientId: "c9" }));
    h = upsertMessage(h, msg(3));
    h = upsertMessage(h, msg(2));
    expect(nums(h)).toEqual([1, 2, 3, PENDING_NUM]);
  });

  it("takes a failed send away and leaves the rest", () => {
    const h = upsertMessage(history(page([msg(1)])), msg(PENDING_NUM, { id: "c1", clientId: "c1" }));
    expect(nums(removeByClientId(h, "c1"))).toEqual([1]);
  });

  it("lists older pages first", () => {
    expect(nums(history(page([msg(3), msg(4)]), page([msg(1), msg(2)])))).toEqual([1, 2, 3, 4]);
  });

  it("moves read cursors forward only and merges them over pages", () => {
    let h = history(page([msg(5)], [{ userId: "ben", num: 4, readAt: "x" }]), page([msg(1)]));
    h = moveReadCursor(h, { userId: "ben", num: 2, readAt: "y" });
    expect(readCursors(h).get("ben")).toBe(4);
    h = moveReadCursor(h, { userId: "ben", num: 5, readAt: "z" });
    expect(readCursors(h).get("ben")).toBe(5);
  });

  it("toggles a reaction: adds it, and a second press removes it", () => {
    const once = toggleReaction([], "heart", "ann");
    expect(once).toEqual([{ reaction: "heart", userIds: ["ann"] }]);
    const other = toggleReaction(once, "heart", "ben");
    expect(other).toEqual([{ reaction: "heart", userIds: ["ann", "ben"] }]);
    expect(toggleReaction(other, "heart", "ann")).toEqual([{ reaction: "heart", userIds: ["ben"] }]);
    expect(toggleReaction(once, "heart", "ann")).toEqual([]);
  });
});

describe("read receipts", () => {
  const members = ["ann", "ben", "cai"];
  it("goes from Sent to some to all; the sender never counts as a reader", () => {
    const m = msg(7);
    const none = readersOf(m, new Map([["ann", 9]]), members);
    expect(readState(m, none, 3)).toBe("sent");
    const some = readersOf(m, new Map([["ben", 7]]), members);
    expect(some).toEqual(["ben"]);
    expect(readState(m, some, 3)).toBe("some");
    const all = readersOf(
      m,
      new Map([
        ["ben", 8],
        ["cai", 7],
        ["ann", 1],
      ]),
      members,
    );
    expect(readState(m, all, 3)).toBe("all");
  });

  it("a message not stored yet is sending, read by nobody", () => {
    const m = msg(PENDING_NUM);
    expect(readersOf(m, new Map([["ben", 10]]), members)).toEqual([]);
    expect(readState(m, [], 3)).toBe("sending");
  });
});

describe("day separators", () => {
  it("says Today and Yesterday, else the date", () => {
    const now = new Date(2026, 4, 10, 9, 0);
    expect(dayLabel(new Date(2026, 4, 10, 0, 5).toISOString(), now)).toBe("Today");
    expect(dayLabel(new Date(2026, 4, 9, 23, 55).toISOString(), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2026, 4, 1, 12).toISOString(), now)).toMatch(/May 1/);
    expect(dayLabel(new Date(2025, 4, 1, 12).toISOString(), now)).toMatch(/2025/);
  });
});

describe("which receipts show", () => {
  const members = ["ann", "ben"];
  it("once per run of own messages, and again where the readers change", () => {
    const ms = [msg(1), msg(2), msg(3, { userId: "ben" }), msg(4), msg(5), msg(6)];
    const cursors = new Map([["ben", 5]]);
    // 1-2: a run read by Ben -> on 2; 4-5 read, 6 not -> on 5 and 6.
    expect([...receiptShown(ms, "ann", cursors, members)].sort()).toEqual(["m2", "m5", "m6"]);
  });
});

describe("member colours as text", () => {
  it("keep a readable colour as it is and darken or lighten the others to 4.5:1", () => {
    expect(readableText("#0f766e", false)).toBe("#0f766e");
    for (const color of ["#FFD700", "#32CD32", "#0077BE", "#6B7280", "#FF6B35"]) {
      expect(contrast(readableText(color, false), "#f1f5f9")).toBeGreaterThanOrEqual(4.5);
      expect(contrast(readableText(color, true), "#1e293b")).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("a refetch", () => {
  it("keeps messages and reads that arrived live while it was on its way", () => {
    const live = history(
      page(
        [msg(1), msg(2), msg(3), msg(PENDING_NUM, { id: "c", clientId: "c" })],
        [{ userId: "ben", num: 3, readAt: "b" }],
      ),
    );
    const fetched = history(page([msg(1), msg(2)], [{ userId: "ben", num: 2, readAt: "a" }]));
    const merged = keepNewer(live, fetched);
    expect(nums(merged)).toEqual([1, 2, 3]);
    expect(readCursors(merged).get("ben")).toBe(3);
    // Nothing newer: the fetched data as it is.
    expect(keepNewer(fetched, fetched)).toBe(fetched);
  });
});
