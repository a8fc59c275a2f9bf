import { randomUUID } from "node:crypto";
import type { ChatMessage, ChatPage, ServerMessage } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, inviteCode, join, registered } from "../../test/fixtures";
import { postUpload, smallJpeg } from "../../test/uploads";

let t: TestApp;
let owner: Awaited<ReturnType<typeof registered>>;
let friend: Awaited<ReturnType<typeof registered>>;
let tripId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registered(t.app, "chat-owner@example.com");
  friend = await registered(t.app, "chat-friend@example.com");
  tripId = (await createTrip(owner)).id;
  await join(friend, await inviteCode(owner, tripId));
}, 60_000);
afterAll(() => t.close());

const chat = (path = "") => `/api/trips/${tripId}/chat${path}`;
const say = async (c: TestClient, content: string, extra: Record<string, unknown> = {}) => {
  const res = await c.post(chat("/messages"), { clientId: randomUUID(), content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
};

/** A socket subscribed to the trip, collecting what the server sends. */
async function listen(c: TestClient) {
  const ws = await t.app.injectWS("/api/ws", { headers: { cookie: c.cookieHeader } });
  const got: ServerMessage[] = [];
  ws.on("message", (raw: Buffer) => got.push(JSON.parse(String(raw))));
  ws.send(JSON.stringify({ type: "subscribe", tripId }));
  await until(() => got.some((m) => m.type === "subscribed"));
  return { ws, got };
}
const until = async (check: () => boolean) => {
  for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe("sending", () => {
  it("stores a message once per client id: a retry answers the stored one", async () => {
    const clientId = randomUUID();
    const first = await owner.post(chat("/messages"), { clientId, content: "  Tea house at 3?  " });
    const again = await owner.post(chat("/messages"), { clientId, content: "  Tea house at 3?  " });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({
      content: "Tea house at 3?",
      type: "text",
      clientId,
      userId: owner.id,
    });
    const page = (await friend.get(chat("/messages"))).json() as ChatPage;
    expect(page.messages.filter((m) => m.clientId === clientId)).toHaveLength(1);
  });

  it("keeps text as text and refuses blank, too long and foreign replies with clear messages", async () => {
    const html = await say(owner, "<img src=x onerror=alert(1)> & more");
    expect(html.content).toBe("<img src=x onerror=alert(1)> & more");
    const blank = await owner.post(chat("/messages"), { clientId: randomUUID(), content: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("A message needs text, a photo or a place");
    const long = await owner.post(chat("/messages"), { clientId: randomUUID(), content: "a".repeat(2001) });
    expect(long.json().error.message).toBe("A message can be at most 2000 characters");
    const reply = await owner.post(chat("/messages"), {
      clientId: randomUUID(),
      content: "re",
      replyToId: randomUUID(),
    });
    expect(reply.statusCode).toBe(400);
    const place = await owner.post(chat("/messages"), {
      clientId: randomUUID(),
      attachment: { kind: "place", placeId: randomUUID() },
    });
    expect(place.json().error.message).toBe("That place is not in this trip");
  });

  it("answers in the reader's language", async () => {
    const res = await owner.request(
      "POST",
      chat("/messages"),
      { clientId: randomUUID(), content: " " },
      { "accept-language": "ja" },
    );
    expect(res.json().error.message).toBe("テキスト、写真、または場所を入れてください");
  });

  it("shows a reply with the start of the message it answers", async () => {
    const question = await say(owner, "Kinkaku-ji first?");
    const answer = await say(friend, "Yes!", { replyToId: question.id });
    expect(answer.replyTo).toMatchObject({ id: question.id, excerpt: "Kinkaku-ji first?", deleted: false });
  });

  it("names a place of the trip", async () => {
    const added = await owner.post(`/api/trips/${tripId}/places`, {
      name: "Ippodo Tea",
      latitude: 35.0138,
      longitude: 135.7673,
    });
    const placeId = added.json().place?.id ?? added.json().id;
    const m = await say(owner, "This one", { attachment: { kind: "place", placeId } });
    expect(m.attachment).toEqual({ kind: "place", placeId });
  });
});

describe("photos", () => {
  it("sends an uploaded photo once; its URL opens for members and ends with the message", async () => {
    const upload = (await postUpload(t.app, owner, tripId, await smallJpeg())).json();
    const clientId = randomUUID();
    const first = await owner.post(chat("/messages"), { clientId, imageId: upload.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ type: "image", content: null, image: { id: upload.id } });
    // A retry is the same message; the photo cannot be sent again as another one, nor by a friend.
    expect((await owner.post(chat("/messages"), { clientId, imageId: upload.id })).json().id).toBe(
      first.json().id,
    );
    const reuse = await owner.post(chat("/messages"), { clientId: randomUUID(), imageId: upload.id });
    expect(reuse.json().error.message).toBe("The photo was not found. Please upload it again.");
    const url = first.json().image.url as string;
    expect((await friend.get(url)).statusCode).toBe(200);
    await owner.request("DELETE", chat(`/messages/${first.json().id}`));
    expect((await friend.get(url)).statusCode).toBe(404);
    expect((await owner.get(url)).statusCode).toBe(404);
  });
});

describe("history", () => {
  it("comes in pages, newest last, with older pages before a number", async () => {
    const fresh = (await createTrip(owner)).id;
    for (let i = 1; i <= 120; i++)
      await owner.post(`/api/trips/${fresh}/chat/messages`, { clientId: randomUUID(), content: `m${i}` });
    const first = (await owner.get(`/api/trips/${fresh}/chat/messages`)).json() as ChatPage;
    expect(first.messages.map((m) => m.content).slice(-2)).toEqual(["m119", "m120"]);
    expect(first.messages).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const second = (
      await owner.get(`/api/trips/${fresh}/chat/messages?before=${first.messages[0]!.num}`)
    ).json() as ChatPage;
    expect(second.messages.map((m) => m.content)[49]).toBe("m70");
    const third = (
      await owner.get(`/api/trips/${fresh}/chat/messages?before=${second.messages[0]!.num}`)
    ).json() as ChatPage;
    expect(third.messages.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 1}`));
    expect(third.hasMore).toBe(false);
  });
});

describe("edit and delete", () => {
  it("lets the sender edit; others may not", async () => {
    const m = await say(friend, "See you at 9");
    const edited = await friend.request("PATCH", chat(`/messages/${m.id}`), { content: "See you at 10" });
    expect(edited.json()).toMatchObject({ content: "See you at 10" });
    expect(edited.json().editedAt).not.toBeNull();
    expect((await owner.request("PATCH", chat(`/messages/${m.id}`), { content: "x" })).statusCode).toBe(403);
  });

  it("leaves a placeholder; the sender and admins may delete, other members not", async () => {
    const mine = await say(owner, "oops");
    const theirs = await say(friend, "mine");
    expect((await friend.request("DELETE", chat(`/messages/${mine.id}`))).statusCode).toBe(403);
    const gone = await owner.request("DELETE", chat(`/messages/${theirs.id}`)); // the owner is an admin
    expect(gone.json()).toMatchObject({ content: null, reactions: [] });
    expect(gone.json().deletedAt).not.toBeNull();
    expect(
      (await friend.request("PATCH", chat(`/messages/${theirs.id}`), { content: "back" })).statusCode,
    ).toBe(409);
    const page = (await friend.get(chat("/messages"))).json() as ChatPage;
    expect(page.messages.find((m) => m.id === theirs.id)?.content).toBeNull();
  });
});

describe("reactions", () => {
  it("toggles: a second add changes nothing, a remove takes only one's own", async () => {
    const m = await say(owner, "Ramen tonight?");
    await owner.request("PUT", chat(`/messages/${m.id}/reactions/heart`), {});
    await owner.request("PUT", chat(`/messages/${m.id}/reactions/heart`), {});
    const both = await friend.request("PUT", chat(`/messages/${m.id}/reactions/heart`), {});
    expect(both.json().reactions).toEqual([{ reaction: "heart", userIds: [owner.id, friend.id] }]);
    const after = await owner.request("DELETE", chat(`/messages/${m.id}/reactions/heart`));
    expect(after.json().reactions).toEqual([{ reaction: "heart", userIds: [friend.id] }]);
    expect((await owner.request("PUT", chat(`/messages/${m.id}/reactions/poop`), {})).statusCode).toBe(400);
  });
});

describe("reads and unread counts", () => {
  it("counts others' messages after the cursor; reading moves the cursor forward only", async () => {
    const trip = (await createTrip(owner)).id;
    await join(friend, await inviteCode(owner, trip));
    const url = `/api/trips/${trip}/chat`;
    const sent: ChatMessage[] = [];
    for (const content of ["a", "b", "c"])
      sent.push((await owner.post(`${url}/messages`, { clientId: randomUUID(), content })).json());
    expect((await friend.get("/api/me/unread")).json().trips[trip]).toBe(3);
    expect((await owner.get("/api/me/unread")).json().trips[trip]).toBeUndefined();
    expect((await friend.post(`${url}/read`, { num: sent[1]!.num })).statusCode).toBe(204);
    expect((await friend.get("/api/me/unread")).json().trips[trip]).toBe(1);
    await friend.post(`${url}/read`, { num: sent[0]!.num }); // backwards: ignored
    const page = (await owner.get(`${url}/messages`)).json() as ChatPage;
    expect(page.reads).toEqual([expect.objectContaining({ userId: friend.id, num: sent[1]!.num })]);
    await friend.post(`${url}/read`, { num: 10 ** 12 }); // past the newest: the newest
    expect((await friend.get("/api/me/unread")).json().trips[trip]).toBeUndefined();
  });
});

describe("live", () => {
  it("sends new messages, edits, reactions and reads to the other members' sockets", async () => {
    const { ws, got } = await listen(friend);
    const m = await say(owner, "Live!");
    await until(() => got.some((g) => g.type === "event" && g.event.type === "chat.message"));
    const event = got.find((g) => g.type === "event" && g.event.type === "chat.message");
    expect(event).toMatchObject({ event: { messageId: m.id, message: { content: "Live!" } } });
    await owner.request("PUT", chat(`/messages/${m.id}/reactions/like`), {});
    await until(() => got.some((g) => g.type === "event" && g.event.type === "chat.reactions"));
    await friend.post(chat("/read"), { num: m.num });
    await until(() => got.some((g) => g.type === "event" && g.event.type === "chat.read"));
    // Chat events are the chat's: no "members.changed" refetch storm for each message.
    expect(got.some((g) => g.type === "event" && g.event.type === "members.changed")).toBe(false);
    ws.terminate();
  });

  it("shows who has the trip open and relays typing to the others", async () => {
    const a = await listen(owner);
    await until(() => a.got.some((g) => g.type === "presence" && g.userIds.includes(owner.id)));
    const b = await listen(friend);
    await until(() =>
      a.got.some(
        (g) => g.type === "presence" && g.userIds.includes(friend.id) && g.userIds.includes(owner.id),
      ),
    );
    b.ws.send(JSON.stringify({ type: "typing", tripId }));
    await until(() => a.got.some((g) => g.type === "typing" && g.userId === friend.id));
    expect(b.got.some((g) => g.type === "typing")).toBe(false); // not echoed to the typist
    b.ws.terminate();
    await until(() => {
      const last = a.got.filter((g) => g.type === "presence").at(-1);
      return last?.type === "presence" && !last.userIds.includes(friend.id);
    });
    a.ws.terminate();
  });
});
