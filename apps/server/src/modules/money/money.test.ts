import type { TripEvent } from "@tabi/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";
import { postUpload, smallJpeg } from "../../test/uploads";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };

/** A trip in Kyoto (its places in Japan: yen at home) with an owner and two guests. */
async function kyotoGroup(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner, { name: `${prefix} money` });
  const aiko = (await guest(t.app, `${prefix} Aiko`)) as Who;
  const ben = (await guest(t.app, `${prefix} Ben`)) as Who;
  for (const m of [aiko, ben]) await join(m, await inviteCode(owner, trip.id));
  const place = await owner.post(`/api/trips/${trip.id}/places`, {
    name: "Kinkaku-ji",
    address: "Kita Ward, Kyoto",
    latitude: 35.0394,
    longitude: 135.7292,
    countryCode: "JP",
    wishLevel: 8,
  });
  return { owner, aiko, ben, trip, placeId: place.json().place.id as string, base: `/api/trips/${trip.id}` };
}

const expense = (payer: Who, members: Who[], extra: Record<string, unknown> = {}) => ({
  title: "Dinner in Gion",
  amountMinor: 9000,
  currency: "JPY",
  date: "2027-01-10",
  category: "food",
  payers: [{ memberId: payer.id, amountMinor: 9000 }],
  split: { kind: "equal", entries: members.map((m) => ({ memberId: m.id })) },
  ...extra,
});

describe("group money", () => {
  it("splits, converts at a stored rate, balances to zero and settles in the fewest transfers", async () => {
    const { owner, aiko, ben, base, placeId } = await kyotoGroup("split");
    const events: TripEvent[] = [];
    const off = t.app.ctx.bus.subscribeAll((e) => e.type === "money.changed" && events.push(e));

    const dinner = await owner.post(`${base}/expenses`, expense(owner, [owner, aiko, ben]));
    expect(dinner.statusCode).toBe(201);
    expect(dinner.json().home).toMatchObject({ currency: "JPY", amountMinor: 9000, rate: null });

    // 30.00 EUR at a typed rate of 160 yen, by shares 2:1 (Ben skipped the visit), linked to the visit.
    const museum = await aiko.post(
      `${base}/expenses`,
      expense(aiko, [], {
        title: "Tickets",
        amountMinor: 3000,
        currency: "EUR",
        category: "tickets",
        payers: [{ memberId: aiko.id, amountMinor: 3000 }],
        split: {
          kind: "shares",
          entries: [
            { memberId: owner.id, shares: 2 },
            { memberId: aiko.id, shares: 1 },
          ],
        },
        link: { kind: "visit", placeId },
        rate: { value: "160", source: "typed" },
      }),
    );
    expect(museum.statusCode).toBe(201);
    expect(museum.json().home).toMatchObject({
      currency: "JPY",
      amountMinor: 4800,
      rate: "160",
      rateSource: "typed",
    });
    expect(museum.json().link).toMatchObject({ kind: "visit", placeId });

    const balances = (await ben.get(`${base}/balances`)).json();
    const of = (who: Who) => balances.members.find((m: { memberId: string }) => m.memberId === who.id);
    // Owner paid 9000, owes 3000 + 3200; Aiko paid 4800, owes 3000 + 1600; Ben owes 3000.
    expect(of(owner)).toMatchObject({ paid: 9000, share: 6200, balance: 2800 });
    expect(of(aiko)).toMatchObject({ paid: 4800, share: 4600, balance: 200 });
    expect(of(ben)).toMatchObject({ paid: 0, share: 3000, balance: -3000 });
    expect(balances.transfers).toHaveLength(2);
    expect(balances.settled).toBe(false);

    // Ben pays both back: all settled up.
    for (const transfer of balances.transfers) {
      const res = await ben.post(`${base}/settlements`, {
        fromId: transfer.fromId,
        toId: transfer.toId,
        amountMinor: transfer.amountMinor,
        date: "2027-01-11",
      });
      expect(res.statusCode).toBe(201);
    }
    const after = (await owner.get(`${base}/balances`)).json();
    expect(after.settled).toBe(true);
    expect(after.transfers).toEqual([]);
    const list = (await aiko.get(`${base}/expenses`)).json();
    expect(list.currency).toBe("JPY");
    expect(list.expenses).toHaveLength(2);
    expect(list.settlements).toHaveLength(2);
    off();
    expect(events.length).toBeGreaterThanOrEqual(1);
  });

  it("explains a bad split and keeps history: percentages, strangers, another currency without a rate offline", async () => {
    const { owner, aiko, base } = await kyotoGroup("bad");
    const percent = await owner.post(
      `${base}/expenses`,
      expense(owner, [], {
        split: {
          kind: "percent",
          entries: [
            { memberId: owner.id, percent: 50 },
            { memberId: aiko.id, percent: 40 },
          ],
        },
      }),
    );
    expect(percent.statusCode).toBe(400);
    expect(percent.json().error.message).toBe("The percentages must add up to 100");
    const stranger = (await guest(t.app, "Stranger")) as Who;
    const withStranger = await owner.post(`${base}/expenses`, expense(owner, [owner, stranger]));
    expect(withStranger.statusCode).toBe(400);
    expect(withStranger.json().error.message).toBe("Only members of the trip can pay or share an expense");
    // Offline, the shipped table answers for the euro; a currency it does not know needs a typed rate.
    const noRate = await owner.post(
      `${base}/expenses`,
      expense(owner, [owner], {
        currency: "MNT",
        amountMinor: 500,
        payers: [{ memberId: owner.id, amountMinor: 500 }],
      }),
    );
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().error.message).toBe("An expense in another currency needs an exchange rate");
    const table = await owner.post(
      `${base}/expenses`,
      expense(owner, [owner], {
        currency: "EUR",
        amountMinor: 1000,
        payers: [{ memberId: owner.id, amountMinor: 1000 }],
      }),
    );
    expect(table.statusCode).toBe(201);
    expect(table.json().home.rateSource).toBe("table");
    // The home currency is fixed once there is history.
    expect((await owner.request("PUT", `${base}/money/currency`, { currency: "USD" })).statusCode).toBe(409);
    expect((await aiko.request("PUT", `${base}/money/currency`, { currency: "USD" })).statusCode).toBe(403);
  });

  it("keeps at most 2000 entries a trip: the next is refused with a clear message, and nothing half-written", async () => {
    const { owner, aiko, base, trip } = await kyotoGroup("full");
    await t.app.ctx.database.db.execute(sql`
      insert into expenses (trip_id, title, amount_minor, currency, home_amount_minor, home_currency, spent_on,
        category, split_kind)
      select ${trip.id}, 'Old ' || n, 100, 'JPY', 100, 'JPY', '2027-01-01', 'other', 'equal'
      from generate_series(1, 2000) as n`);
    const refused = await owner.post(`${base}/expenses`, expense(owner, [owner, aiko]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "This trip has reached the most expenses and settlements it can keep",
    );
    const settle = await aiko.post(`${base}/settlements`, {
      fromId: aiko.id,
      toId: owner.id,
      amountMinor: 5,
      date: "2027-01-02",
    });
    expect(settle.statusCode).toBe(409);
    const [row] = (
      (await t.app.ctx.database.db.execute(sql`select count(*)::int as n from expense_payers p
        join expenses e on e.id = p.expense_id where e.trip_id = ${trip.id}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(row!.n).toBe(0);
  });

  it("lets the author or an admin change and delete; others, and non-members, cannot", async () => {
    const { owner, aiko, ben, base } = await kyotoGroup("rights");
    const mine = (await aiko.post(`${base}/expenses`, expense(aiko, [aiko, ben]))).json();
    const url = `${base}/expenses/${mine.id}`;
    expect((await ben.request("PUT", url, expense(ben, [aiko, ben]))).statusCode).toBe(403);
    expect((await ben.request("DELETE", url)).statusCode).toBe(403);
    const edited = await aiko.request("PUT", url, expense(aiko, [aiko, ben], { title: "Dinner and tea" }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Dinner and tea", createdBy: { userId: aiko.id } });
    const outsider = (await guest(t.app, "Outsider")) as Who;
    expect((await outsider.get(`${base}/expenses`)).statusCode).toBe(404);
    expect((await outsider.get(`${base}/balances`)).statusCode).toBe(404);
    expect((await owner.request("DELETE", url)).statusCode).toBe(204);
    expect((await owner.request("DELETE", url)).statusCode).toBe(404);
    expect((await owner.request("DELETE", `${base}/expenses/not-an-id`)).statusCode).toBe(404);
  });

  it("keeps the others' balances when a member deletes their account", async () => {
    const { owner, aiko, base, trip } = await kyotoGroup("leaver");
    const carl = (await registered(t.app, "leaver-carl@example.com")) as Who;
    await join(carl, await inviteCode(owner, trip.id));
    await owner.post(`${base}/expenses`, expense(owner, [owner, aiko, carl]));
    const before = (await owner.get(`${base}/balances`)).json();
    expect((await carl.request("DELETE", "/api/me", { confirm: "leaver-carl@example.com" })).statusCode).toBe(
      204,
    );
    const after = (await owner.get(`${base}/balances`)).json();
    const balanceOf = (b: typeof before, id: string) =>
      b.members.find((m: { memberId: string }) => m.memberId === id);
    expect(balanceOf(after, owner.id).balance).toBe(balanceOf(before, owner.id).balance);
    expect(balanceOf(after, owner.id).balance).toBe(6000);
    // Carl still owes his part, as "a former member".
    expect(balanceOf(after, carl.id)).toMatchObject({ member: null, balance: -3000 });
    expect(after.transfers.map((x: { fromId: string }) => x.fromId)).toContain(carl.id);
  });

  it("answers balances that follow every write at once, though kept between writes", async () => {
    const { owner, aiko, ben, base } = await kyotoGroup("kept");
    const balanceOf = async (who: Who) =>
      (await ben.get(`${base}/balances`))
        .json()
        .members.find((m: { memberId: string }) => m.memberId === who.id).balance;
    expect(await balanceOf(owner)).toBe(0);
    const dinner = (await owner.post(`${base}/expenses`, expense(owner, [owner, aiko, ben]))).json();
    expect(await balanceOf(owner)).toBe(6000);
    expect(await balanceOf(owner)).toBe(6000);
    const edit = await owner.request("PUT", `${base}/expenses/${dinner.id}`, expense(owner, [owner, aiko]));
    expect(edit.statusCode).toBe(200);
    expect(await balanceOf(owner)).toBe(4500);
    await aiko.post(`${base}/settlements`, {
      fromId: aiko.id,
      toId: owner.id,
      amountMinor: 4500,
      date: "2027-01-11",
    });
    expect(await balanceOf(owner)).toBe(0);
    expect((await owner.request("DELETE", `${base}/expenses/${dinner.id}`)).statusCode).toBe(204);
    expect(await balanceOf(aiko)).toBe(4500);
    // A name is part of the answer: renamed, at once.
    expect((await aiko.request("PATCH", "/api/me", { name: "kept Aiko-chan" })).statusCode).toBe(200);
    const renamed = (await ben.get(`${base}/balances`)).json();
    expect(renamed.members.find((m: { memberId: string }) => m.memberId === aiko.id).member.name).toBe(
      "kept Aiko-chan",
    );
  });

  it("exports the expenses as CSV, a formula in a title made harmless", async () => {
    const { owner, aiko, base } = await kyotoGroup("csv");
    await owner.post(`${base}/expenses`, expense(owner, [owner, aiko], { title: '=HYPERLINK("x")' }));
    const csv = await aiko.get(`${base}/expenses.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('"9000","JPY"');
    // And in the owner's own data export: what they recorded, and their share of it.
    const job = (await owner.post("/api/me/export", {})).json() as { jobId: string };
    let status = "running";
    for (let i = 0; i < 50 && status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await owner.get(`/api/me/export/${job.jobId}`)).json().status;
    }
    const data = (await owner.get(`/api/me/export/${job.jobId}/file`)).json();
    expect(data.money.recorded.map((e: { title: string }) => e.title)).toEqual(['=HYPERLINK("x")']);
    expect(data.money.shares).toEqual([expect.objectContaining({ amountMinor: 4500, currency: "JPY" })]);
  });

  it("keeps receipt photos that are the trip's own uploads; another trip's or an unknown one is refused", async () => {
    const { owner, aiko, ben, base, trip } = await kyotoGroup("receipts");
    const other = await createTrip(owner, { name: "receipts elsewhere" });
    const own = (await postUpload(t.app, aiko, trip.id, await smallJpeg())).json() as {
      id: string;
      url: string;
    };
    const foreign = (await postUpload(t.app, owner, other.id, await smallJpeg())).json() as { url: string };
    const made = await aiko.post(`${base}/expenses`, expense(aiko, [aiko, ben], { receipts: [own.url] }));
    expect(made.statusCode).toBe(201);
    expect(made.json().receipts).toEqual([own.url]);
    expect((await ben.get(`${base}/expenses`)).json().expenses[0].receipts).toEqual([own.url]);
    // Another trip's upload (its URL, or this trip's path with its id) and a made-up id: 400, nothing kept.
    for (const receipts of [
      [foreign.url],
      [`${base}/uploads/${foreign.url.split("/").pop()}`],
      [`${base}/uploads/${crypto.randomUUID()}`],
    ]) {
      const res = await aiko.post(`${base}/expenses`, expense(aiko, [aiko, ben], { receipts }));
      expect(res.statusCode).toBe(400);
      const edit = await aiko.request("PUT", `${base}/expenses/${made.json().id}`, {
        ...expense(aiko, [aiko, ben]),
        receipts,
      });
      expect(edit.statusCode).toBe(400);
    }
    expect((await ben.get(`${base}/expenses`)).json().expenses).toHaveLength(1);
    // Removing a receipt on an edit keeps the expense, without it.
    const edited = await aiko.request("PUT", `${base}/expenses/${made.json().id}`, {
      ...expense(aiko, [aiko, ben]),
      receipts: [],
    });
    expect(edited.json().receipts).toEqual([]);
  });

  it("links an expense to a meal of a plan day and answers the link back", async () => {
    const { aiko, ben, base } = await kyotoGroup("meal");
    const meal = { kind: "meal", date: "2027-01-10", meal: "lunch" };
    const made = await aiko.post(`${base}/expenses`, expense(aiko, [aiko, ben], { link: meal }));
    expect(made.statusCode).toBe(201);
    expect(made.json().link).toEqual(meal);
    expect((await ben.get(`${base}/expenses`)).json().expenses[0].link).toEqual(meal);
    const bad = await aiko.post(
      `${base}/expenses`,
      expense(aiko, [aiko], { link: { kind: "meal", date: "2027-01-10", meal: "brunch" } }),
    );
    expect(bad.statusCode).toBe(400);
  });
});
