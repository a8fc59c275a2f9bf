import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";

// "Who's going" (issue 30 item 2): a member says they will skip a visit; everyone sees who goes, and
// the optimiser counts the visit for the members who go.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };
const KYOTO_STATION = {
  departureLocation: "Kyoto Station",
  departureLatitude: 34.9858,
  departureLongitude: 135.7588,
};
const KINKAKU = { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292 };
const GION = { name: "Gion", latitude: 35.0037, longitude: 135.7788 };

async function tripOfTwo(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner, KYOTO_STATION);
  const friend = (await guest(t.app, `${prefix} friend`)) as Who;
  await join(friend, await inviteCode(owner, trip.id));
  return { owner, friend, trip };
}

async function waitDone(c: TestClient, tripId: string) {
  for (let i = 0; i < 400; i++) {
    const { progress, running } = (await c.get(`/api/trips/${tripId}/optimizations/progress`)).json();
    if (!running && progress && ["complete", "error", "cancelled"].includes(progress.stage)) return progress;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("optimisation did not finish");
}

describe("skipping a visit", () => {
  it("shows who skips on the place for every member, and is taken back", async () => {
    const { owner, friend, trip } = await tripOfTwo("skip-show");
    const place = (await owner.post(`/api/trips/${trip.id}/places`, { ...KINKAKU, wishLevel: 8 })).json()
      .place;
    const skipUrl = `/api/trips/${trip.id}/places/${place.id}/skip`;

    const skipped = await friend.request("PUT", skipUrl);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().skippedBy).toEqual([
      expect.objectContaining({ userId: friend.id, name: "skip-show friend" }),
    ]);
    // Saying it twice is the same as once.
    expect((await friend.request("PUT", skipUrl)).json().skippedBy).toHaveLength(1);
    // The owner's trip screen (its one read, cached) shows it too.
    const full = (await owner.get(`/api/trips/${trip.id}/full`)).json();
    expect(full.places.places[0].skippedBy.map((p: { userId: string }) => p.userId)).toEqual([friend.id]);

    const back = await friend.request("DELETE", skipUrl);
    expect(back.statusCode).toBe(200);
    expect(back.json().skippedBy).toEqual([]);
    expect((await owner.get(`/api/trips/${trip.id}/full`)).json().places.places[0].skippedBy).toEqual([]);
  });

  it("answers 404 for a place of another trip and to a non-member", async () => {
    const a = await tripOfTwo("skip-a");
    const b = await tripOfTwo("skip-b");
    const place = (await a.owner.post(`/api/trips/${a.trip.id}/places`, KINKAKU)).json().place;
    expect((await b.owner.request("PUT", `/api/trips/${b.trip.id}/places/${place.id}/skip`)).statusCode).toBe(
      404,
    );
    expect((await b.owner.request("PUT", `/api/trips/${a.trip.id}/places/${place.id}/skip`)).statusCode).toBe(
      404,
    );
    expect((await a.owner.get(`/api/trips/${a.trip.id}/places`)).json().places[0].skippedBy).toEqual([]);
  });

  it("ends with the membership: a member who leaves skips nothing", async () => {
    const { owner, friend, trip } = await tripOfTwo("skip-leave");
    const place = (await owner.post(`/api/trips/${trip.id}/places`, KINKAKU)).json().place;
    await friend.request("PUT", `/api/trips/${trip.id}/places/${place.id}/skip`);
    expect((await friend.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect((await owner.get(`/api/trips/${trip.id}/places`)).json().places[0].skippedBy).toEqual([]);
  });

  it("counts a visit for those who go: a place only its skipper wished is no longer planned", async () => {
    const { owner, friend, trip } = await tripOfTwo("skip-plan");
    const url = `/api/trips/${trip.id}/places`;
    await owner.post(url, { ...KINKAKU, wishLevel: 8 });
    const gion = (await friend.post(url, { ...GION, wishLevel: 8 })).json().place;
    await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const planned = (r: { days: { visits: { placeId: string }[] }[] }) =>
      r.days.flatMap((d) => d.visits.map((v) => v.placeId));
    const first = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json().result;
    expect(planned(first)).toContain(gion.id);

    await friend.request("PUT", `${url}/${gion.id}/skip`);
    await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const second = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json().result;
    expect(planned(second)).not.toContain(gion.id);
    // The skipper's share no longer counts Gion: nothing of theirs is planned, which fairness sees.
    const friendShare = second.scores.members.find((m: { userId: string }) => m.userId === friend.id);
    expect(friendShare?.share ?? 0).toBe(0);
  });
});
