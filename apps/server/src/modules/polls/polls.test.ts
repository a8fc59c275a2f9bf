import { POLL_MESSAGES as M, type PlaceResult, type Poll, type TripEvent } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { polls } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };

/** A Kyoto trip: an owner, an admin and two guests, with two places of the trip. */
async function group(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner, { name: `${prefix} polls` });
  const admin = (await guest(t.app, `${prefix} Admin`)) as Who;
  const aiko = (await guest(t.app, `${prefix} Aiko`)) as Who;
  const ben = (await guest(t.app, `${prefix} Ben`)) as Who;
  for (const m of [admin, aiko, ben]) await join(m, await inviteCode(owner, trip.id));
  await owner.request("PATCH", `/api/trips/${trip.id}/members/${admin.id}`, { role: "admin" });
  const add = async (name: string, latitude: number, longitude: number) => {
    const res = await owner.post(`/api/trips/${trip.id}/places`, { name, latitude, longitude });
    expect(res.statusCode).toBe(201);
    return res.json().place.id as string;
  };
  const kinkaku = await add("Kinkaku-ji", 35.0394, 135.7292);
  const ginkaku = await add("Ginkaku-ji", 35.027, 135.7982);
  return { owner, admin, aiko, ben, trip, kinkaku, ginkaku, base: `/api/trips/${trip.id}/polls` };
}

const textPoll = (extra: Record<string, unknown> = {}) => ({
  question: "Dinner on day 1?",
  options: [
    { kind: "text", label: "Ramen" },
    { kind: "text", label: "Sushi" },
    { kind: "text", label: "Okonomiyaki" },
  ],
  ...extra,
});

const nishiki: PlaceResult = {
  id: "osm:nishiki-test",
  name: "Nishiki Market",
  localName: "錦市場",
  kind: "landmark",
  category: "market",
  address: "Nakagyo Ward, Kyoto, Japan",
  countryCode: "JP",
  lat: 35.005,
  lng: 135.7648,
  iata: null,
  rating: 4.3,
  photoUrl: null,
  timezone: "Asia/Tokyo",
};

const optionId = (p: Poll, label: string) => p.options.find((o) => o.label === label)!.id;
const votesOf = (p: Poll) => Object.fromEntries(p.options.map((o) => [o.label, o.votes]));

describe("polls", () => {
  it("counts one vote per member, lets a member change it, and tells the trip's channel", async () => {
    const { owner, aiko, ben, base, trip } = await group("vote");
    const events: TripEvent[] = [];
    // This trip's only: on PostgreSQL an earlier test's event may come back late through NOTIFY.
    const off = t.app.ctx.bus.subscribeAll(
      (e) => e.type === "polls.changed" && e.tripId === trip.id && events.push(e),
    );
    const made = await aiko.post(base, textPoll());
    expect(made.statusCode).toBe(201);
    const poll = made.json() as Poll;
    expect(poll).toMatchObject({ kind: "text", multiple: false, anonymous: false, closed: false, voters: 0 });
    expect(poll.createdBy?.name).toBe("vote Aiko");
    expect(poll.canManage).toBe(true);

    const vote = (who: Who, labels: string[]) =>
      who.request("PUT", `${base}/${poll.id}/vote`, { optionIds: labels.map((l) => optionId(poll, l)) });
    expect((await vote(owner, ["Ramen"])).statusCode).toBe(200);
    expect((await vote(aiko, ["Sushi"])).statusCode).toBe(200);
    const benVote = await vote(ben, ["Sushi"]);
    expect(benVote.json().myVotes).toEqual([optionId(poll, "Sushi")]);
    expect(votesOf(benVote.json())).toEqual({ Ramen: 1, Sushi: 2, Okonomiyaki: 0 });
    expect(benVote.json().leading).toEqual([optionId(poll, "Sushi")]);

    // Ben changes his mind: his vote moves, it does not add up.
    const changed = (await vote(ben, ["Ramen"])).json() as Poll;
    expect(votesOf(changed)).toEqual({ Ramen: 2, Sushi: 1, Okonomiyaki: 0 });
    expect(changed.voters).toBe(3);
    expect(changed.options.find((o) => o.label === "Ramen")!.voters!.sort()).toEqual(
      [owner.id, ben.id].sort(),
    );
    // One choice only in a single-choice poll; an empty choice takes the vote back.
    const two = await vote(ben, ["Ramen", "Sushi"]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(M.chooseOne);
    const back = (await vote(ben, [])).json() as Poll;
    expect(back.voters).toBe(2);
    expect(back.myVotes).toEqual([]);
    // Owner's view of the list: newest first, their own vote marked.
    const list = (await owner.get(base)).json().polls as Poll[];
    expect(list[0]!.id).toBe(poll.id);
    expect(list[0]!.myVotes).toEqual([optionId(poll, "Ramen")]);
    off();
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(events.every((e) => e.type === "polls.changed" && e.pollId === poll.id)).toBe(true);
  });

  it("takes several choices in a multiple-choice poll; an anonymous one never names voters", async () => {
    const { owner, aiko, ben, base } = await group("multi");
    const poll = (await owner.post(base, textPoll({ multiple: true, anonymous: true }))).json() as Poll;
    const r1 = await aiko.request("PUT", `${base}/${poll.id}/vote`, {
      optionIds: [optionId(poll, "Ramen"), optionId(poll, "Sushi")],
    });
    expect(r1.statusCode).toBe(200);
    const r2 = await ben.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [optionId(poll, "Sushi")] });
    const after = r2.json() as Poll;
    expect(votesOf(after)).toEqual({ Ramen: 1, Sushi: 2, Okonomiyaki: 0 });
    expect(after.voters).toBe(2);
    expect(after.myVotes).toEqual([optionId(poll, "Sushi")]);
    // Counts only, in every answer: no voter's id anywhere.
    for (const res of [r1, r2, await owner.get(base), await owner.get(`${base}/${poll.id}`)]) {
      expect(res.body).not.toContain(aiko.id);
      expect(res.body).not.toContain(ben.id);
    }
    expect(after.options.every((o) => o.voters === null)).toBe(true);
  });

  it("is closed by its creator or an admin only, and then refuses votes", async () => {
    const { owner, admin, aiko, ben, base } = await group("close");
    const poll = (await aiko.post(base, textPoll())).json() as Poll;
    expect((await ben.get(`${base}/${poll.id}`)).json().canManage).toBe(false);
    const refused = await ben.post(`${base}/${poll.id}/close`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(M.onlyCreatorOrAdmin);
    expect((await owner.post(`${base}/${poll.id}/close`)).statusCode).toBe(200); // the owner is an admin

    const second = (await aiko.post(base, textPoll({ question: "Lunch?" }))).json() as Poll;
    const byAdmin = await admin.post(`${base}/${second.id}/close`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ closed: true });
    const third = (await aiko.post(base, textPoll({ question: "Breakfast?" }))).json() as Poll;
    const byCreator = await aiko.post(`${base}/${third.id}/close`);
    expect(byCreator.json().closed).toBe(true);
    expect(byCreator.json().closedAt).not.toBeNull();

    const late = await ben.request("PUT", `${base}/${third.id}/vote`, {
      optionIds: [optionId(third, "Ramen")],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(M.pollClosed);
  });

  it("is closed once past its closing time, at read and at vote", async () => {
    const { aiko, ben, base } = await group("expire");
    const closesAt = new Date(Date.now() + 3_600_000).toISOString();
    const poll = (await aiko.post(base, textPoll({ closesAt }))).json() as Poll;
    expect(poll.closesAt).toBe(closesAt);
    expect(poll.closed).toBe(false);
    // An hour later, as far as the poll knows.
    const past = new Date(Date.now() - 60_000);
    await t.app.ctx.database.db.update(polls).set({ closesAt: past }).where(eq(polls.id, poll.id));
    const read = (await ben.get(`${base}/${poll.id}`)).json() as Poll;
    expect(read.closed).toBe(true);
    expect(read.closedAt).toBe(past.toISOString());
    const vote = await ben.request("PUT", `${base}/${poll.id}/vote`, {
      optionIds: [optionId(poll, "Sushi")],
    });
    expect(vote.statusCode).toBe(409);
  });

  it("explains what it refuses to make", async () => {
    const { owner, kinkaku, base } = await group("invalid");
    const bad = async (body: unknown, message: string) => {
      const res = await owner.post(base, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    };
    await bad(textPoll({ question: "   " }), M.questionRequired);
    await bad(textPoll({ options: [{ kind: "text", label: "Only one" }] }), M.tooFewOptions);
    await bad(
      textPoll({ options: Array.from({ length: 11 }, (_, i) => ({ kind: "text", label: `Option ${i}` })) }),
      M.tooManyOptions,
    );
    await bad(
      textPoll({
        options: [
          { kind: "text", label: "Ramen" },
          { kind: "text", label: " ramen " },
        ],
      }),
      M.duplicateOption,
    );
    await bad(textPoll({ closesAt: new Date(Date.now() - 60_000).toISOString() }), M.closesInPast);
    await bad(
      textPoll({
        options: [
          { kind: "text", label: "Ramen" },
          { kind: "place", placeId: kinkaku },
        ],
      }),
      M.mixedOptions,
    );
    await bad(
      textPoll({
        options: [
          { kind: "place", placeId: kinkaku },
          { kind: "place", placeId: crypto.randomUUID() },
        ],
      }),
      M.placeNotInTrip,
    );
    // Another trip's poll in this trip's chat.
    const other = await group("invalid2");
    const foreign = (await other.owner.post(other.base, textPoll())).json() as Poll;
    const msg = await owner.post(`/api/trips/${base.split("/")[3]}/chat/messages`, {
      clientId: crypto.randomUUID(),
      attachment: { kind: "poll", pollId: foreign.id },
    });
    expect(msg.statusCode).toBe(400);
  });

  it("adds a winning place as the creator's wish with its voters as co-wishers", async () => {
    const { owner, admin, aiko, ben, kinkaku, base, trip } = await group("winner");
    const events: TripEvent[] = [];
    const off = t.app.ctx.bus.subscribeAll((e) => e.tripId === trip.id && events.push(e));
    const made = await aiko.post(base, {
      question: "Where on day 2?",
      options: [
        { kind: "place", placeId: kinkaku },
        { kind: "searchResult", result: nishiki },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const poll = made.json() as Poll;
    expect(poll.kind).toBe("places");
    expect(poll.options[0]).toMatchObject({ label: "Kinkaku-ji", placeId: kinkaku, candidate: null });
    expect(poll.options[1]).toMatchObject({ label: "Nishiki Market", placeId: null });
    expect(poll.options[1]!.candidate?.id).toBe(nishiki.id);
    const market = optionId(poll, "Nishiki Market");
    for (const who of [ben, admin])
      await who.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [market] });
    await owner.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [optionId(poll, "Kinkaku-ji")] });

    // Still open: no winner yet; a member who did not make it may not add it.
    expect((await aiko.post(`${base}/${poll.id}/winner`, {})).json().error.message).toBe(M.stillOpen);
    await aiko.post(`${base}/${poll.id}/close`);
    const notTheirs = await ben.post(`${base}/${poll.id}/winner`, {});
    expect(notTheirs.statusCode).toBe(403);
    const notTop = await aiko.post(`${base}/${poll.id}/winner`, { optionId: optionId(poll, "Kinkaku-ji") });
    expect(notTop.json().error.message).toBe(M.notAWinner);

    // The admin adds it: Aiko's wish (she made the poll), Ben's and the admin's as co-wishers.
    const won = await admin.post(`${base}/${poll.id}/winner`, {});
    expect(won.statusCode, won.body).toBe(200);
    const { placeId, poll: after, skipped } = won.json();
    expect(skipped).toEqual([]);
    expect(after.winnerPlaceId).toBe(placeId);
    expect(after.options[1].placeId).toBe(placeId);
    const place = (await owner.get(`/api/trips/${trip.id}/places`))
      .json()
      .places.find((p: { id: string }) => p.id === placeId);
    expect(place.name).toBe("Nishiki Market");
    expect(place.providerPlaceId).toBe(nishiki.id);
    expect(place.addedBy.userId).toBe(aiko.id);
    const wishers = (place.wishes as { userId: string }[]).map((w) => w.userId).sort();
    expect(wishers).toEqual([aiko.id, ben.id, admin.id].sort());
    // Once only.
    expect((await aiko.post(`${base}/${poll.id}/winner`, {})).json().error.message).toBe(M.winnerAdded);
    off();
    expect(events.some((e) => e.type === "places.changed")).toBe(true);
    expect(events.some((e) => e.type === "polls.changed")).toBe(true);
    expect(events.some((e) => e.type === "members.changed")).toBe(false);
  });

  it("adds only the voters' wishes when the winner is already a trip place, and lets the closer break a tie", async () => {
    const { owner, aiko, ben, kinkaku, ginkaku, base, trip } = await group("tie");
    const poll = (
      await owner.post(base, {
        question: "Which temple?",
        options: [
          { kind: "place", placeId: kinkaku },
          { kind: "place", placeId: ginkaku },
        ],
      })
    ).json() as Poll;
    await aiko.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [optionId(poll, "Kinkaku-ji")] });
    await ben.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [optionId(poll, "Ginkaku-ji")] });
    const closed = (await owner.post(`${base}/${poll.id}/close`)).json() as Poll;
    expect(closed.leading).toHaveLength(2);
    const tie = await owner.post(`${base}/${poll.id}/winner`, {});
    expect(tie.statusCode).toBe(409);
    expect(tie.json().error.message).toBe(M.tie);
    const picked = await owner.post(`${base}/${poll.id}/winner`, { optionId: optionId(poll, "Ginkaku-ji") });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().placeId).toBe(ginkaku);
    const list = (await owner.get(`/api/trips/${trip.id}/places`)).json().places as {
      id: string;
      wishes: { userId: string }[];
    }[];
    expect(list).toHaveLength(2); // no new place
    const wishers = list
      .find((p) => p.id === ginkaku)!
      .wishes.map((w) => w.userId)
      .sort();
    expect(wishers).toEqual([owner.id, ben.id].sort());
  });

  it("does not add a text poll's winner, nor one nobody voted for", async () => {
    const { owner, kinkaku, ginkaku, base } = await group("nowin");
    const text = (await owner.post(base, textPoll())).json() as Poll;
    await owner.post(`${base}/${text.id}/close`);
    expect((await owner.post(`${base}/${text.id}/winner`, {})).json().error.message).toBe(M.notPlacesPoll);
    const places = (
      await owner.post(base, {
        question: "Temple?",
        options: [
          { kind: "place", placeId: kinkaku },
          { kind: "place", placeId: ginkaku },
        ],
      })
    ).json() as Poll;
    await owner.post(`${base}/${places.id}/close`);
    expect((await owner.post(`${base}/${places.id}/winner`, {})).json().error.message).toBe(M.noVotes);
  });

  it("answers the generic 404 to non-members and for another trip's poll", async () => {
    const { owner, base } = await group("outsider");
    const poll = (await owner.post(base, textPoll())).json() as Poll;
    const stranger = (await registered(t.app, "outsider-stranger@example.com")) as Who;
    for (const res of [
      await stranger.get(base),
      await stranger.get(`${base}/${poll.id}`),
      await stranger.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [poll.options[0]!.id] }),
      await stranger.post(`${base}/${poll.id}/close`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("Dinner on day 1");
    }
    const other = await group("outsider2");
    expect((await other.owner.get(`${other.base}/${poll.id}`)).statusCode).toBe(404);
    expect((await other.owner.get(`${other.base}/not-a-uuid`)).statusCode).toBe(404);
  });

  it("drops the votes of a member who leaves or is removed", async () => {
    const { owner, aiko, ben, base, trip } = await group("leave");
    const poll = (await owner.post(base, textPoll())).json() as Poll;
    for (const who of [owner, aiko, ben])
      await who.request("PUT", `${base}/${poll.id}/vote`, { optionIds: [optionId(poll, "Sushi")] });
    expect((await owner.get(`${base}/${poll.id}`)).json().voters).toBe(3);
    expect((await aiko.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    const afterLeave = (await owner.get(`${base}/${poll.id}`)).json() as Poll;
    expect(afterLeave.voters).toBe(2);
    expect(afterLeave.options.find((o) => o.label === "Sushi")!.voters).not.toContain(aiko.id);
    expect((await owner.request("DELETE", `/api/trips/${trip.id}/members/${ben.id}`)).statusCode).toBe(204);
    const afterRemove = (await owner.get(`${base}/${poll.id}`)).json() as Poll;
    expect(afterRemove.voters).toBe(1);
    expect(votesOf(afterRemove)).toEqual({ Ramen: 0, Sushi: 1, Okonomiyaki: 0 });
  });
});
