import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Allocation, allocateByWeight, checkPayers, type SplitSpec, splitTotal } from "./split";

const total = (xs: Allocation[]) => xs.reduce((s, x) => s + x.amountMinor, 0);
const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
};

describe("splitTotal examples", () => {
  it("splits equally, the remainder to the lowest member ids", () => {
    const three = {
      kind: "equal",
      entries: [{ memberId: "c" }, { memberId: "a" }, { memberId: "b" }],
    } as const;
    expect(ok(splitTotal(100, three))).toEqual([
      { memberId: "a", amountMinor: 34 },
      { memberId: "b", amountMinor: 33 },
      { memberId: "c", amountMinor: 33 },
    ]);
    // 1000 JPY among three: 334, 333, 333 yen (no minor unit: whole yen).
    expect(ok(splitTotal(1000, three)).map((x) => x.amountMinor)).toEqual([334, 333, 333]);
    // 10.000 KWD among three: 3.334, 3.333, 3.333.
    expect(ok(splitTotal(10_000, three)).map((x) => x.amountMinor)).toEqual([3334, 3333, 3333]);
  });

  it("splits by shares and percentages by the largest remainder, then id", () => {
    const shares: SplitSpec = {
      kind: "shares",
      entries: [
        { memberId: "a", shares: 1 },
        { memberId: "b", shares: 2 },
        { memberId: "c", shares: 0 },
      ],
    };
    // 100 * 1/3 = 33.33, 100 * 2/3 = 66.67: b has the larger remainder.
    expect(ok(splitTotal(100, shares))).toEqual([
      { memberId: "a", amountMinor: 33 },
      { memberId: "b", amountMinor: 67 },
      { memberId: "c", amountMinor: 0 },
    ]);
    const percent: SplitSpec = {
      kind: "percent",
      entries: [
        { memberId: "x", percent: 33.33 },
        { memberId: "y", percent: 33.33 },
        { memberId: "z", percent: 33.34 },
      ],
    };
    expect(ok(splitTotal(1000, percent)).map((x) => x.amountMinor)).toEqual([333, 333, 334]);
    expect(ok(splitTotal(1, percent)).map((x) => x.amountMinor)).toEqual([0, 0, 1]);
  });

  it("takes exact amounts as they are", () => {
    const exact: SplitSpec = {
      kind: "exact",
      entries: [
        { memberId: "b", amountMinor: 700 },
        { memberId: "a", amountMinor: 300 },
      ],
    };
    expect(ok(splitTotal(1000, exact))).toEqual([
      { memberId: "a", amountMinor: 300 },
      { memberId: "b", amountMinor: 700 },
    ]);
  });

  it("says what is wrong instead of throwing", () => {
    expect(splitTotal(100, { kind: "equal", entries: [] })).toEqual({
      ok: false,
      error: { code: "noneChosen" },
    });
    expect(splitTotal(-1, { kind: "equal", entries: [{ memberId: "a" }] })).toEqual({
      ok: false,
      error: { code: "invalidTotal" },
    });
    expect(splitTotal(100, { kind: "equal", entries: [{ memberId: "a" }, { memberId: "a" }] })).toEqual({
      ok: false,
      error: { code: "duplicateMember", memberId: "a" },
    });
    const sh = (a: number, b: number): SplitSpec => ({
      kind: "shares",
      entries: [
        { memberId: "a", shares: a },
        { memberId: "b", shares: b },
      ],
    });
    expect(splitTotal(100, sh(0, 0))).toEqual({ ok: false, error: { code: "sharesZero" } });
    expect(splitTotal(100, sh(1, -1))).toEqual({ ok: false, error: { code: "negative", memberId: "b" } });
    expect(splitTotal(100, sh(1.5, 1))).toEqual({ ok: false, error: { code: "notInteger", memberId: "a" } });
    const pc = (a: number, b: number): SplitSpec => ({
      kind: "percent",
      entries: [
        { memberId: "a", percent: a },
        { memberId: "b", percent: b },
      ],
    });
    expect(splitTotal(100, pc(50, 49.99))).toEqual({
      ok: false,
      error: { code: "percentNot100", sum: 9999 },
    });
    expect(splitTotal(100, pc(50.001, 49.999))).toEqual({
      ok: false,
      error: { code: "percentDecimals", memberId: "a" },
    });
    expect(splitTotal(100, pc(110, -10))).toEqual({ ok: false, error: { code: "negative", memberId: "b" } });
    expect(ok(splitTotal(100, pc(0.1 + 0.2, 99.7))).map((x) => x.amountMinor)).toEqual([0, 100]);
    const ex: SplitSpec = {
      kind: "exact",
      entries: [
        { memberId: "a", amountMinor: 60 },
        { memberId: "b", amountMinor: 30 },
      ],
    };
    expect(splitTotal(100, ex)).toEqual({ ok: false, error: { code: "exactNotTotal", sum: 90 } });
  });
});

describe("checkPayers", () => {
  it("takes one payer or several whose amounts make the total", () => {
    expect(ok(checkPayers(500, [{ memberId: "a", amountMinor: 500 }]))).toEqual([
      { memberId: "a", amountMinor: 500 },
    ]);
    expect(
      ok(
        checkPayers(500, [
          { memberId: "b", amountMinor: 200 },
          { memberId: "a", amountMinor: 300 },
        ]),
      ).map((x) => x.memberId),
    ).toEqual(["a", "b"]);
    expect(checkPayers(500, [])).toEqual({ ok: false, error: { code: "noPayer" } });
    expect(checkPayers(500, [{ memberId: "a", amountMinor: 499 }])).toEqual({
      ok: false,
      error: { code: "payersNotTotal", sum: 499 },
    });
    expect(checkPayers(500, [{ memberId: "a", amountMinor: -1 }])).toEqual({
      ok: false,
      error: { code: "negative", memberId: "a" },
    });
  });
});

// Properties: any valid split sums exactly to the total, and shuffling the entries changes nothing.
const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 });
const totalArb = fc.integer({ min: 0, max: 1_000_000_000_000 });

/** A random valid split of a total (with its members). */
const specArb = (t: number): fc.Arbitrary<SplitSpec> =>
  ids.chain((members) =>
    fc.oneof(
      fc.constant<SplitSpec>({ kind: "equal", entries: members.map((memberId) => ({ memberId })) }),
      fc
        .array(fc.integer({ min: 0, max: 1000 }), { minLength: members.length, maxLength: members.length })
        .filter((s) => s.some((x) => x > 0))
        .map<SplitSpec>((s) => ({
          kind: "shares",
          entries: members.map((memberId, i) => ({ memberId, shares: s[i]! })),
        })),
      // Percentages: hundredths cut at random points of 0..10000.
      fc
        .array(fc.integer({ min: 0, max: 10_000 }), {
          minLength: members.length - 1,
          maxLength: members.length - 1,
        })
        .map<SplitSpec>((cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), 10_000];
          return {
            kind: "percent",
            entries: members.map((memberId, i) => ({
              memberId,
              percent: (points[i + 1]! - points[i]!) / 100,
            })),
          };
        }),
      fc
        .array(fc.integer({ min: 0, max: t }), {
          minLength: members.length - 1,
          maxLength: members.length - 1,
        })
        .map<SplitSpec>((cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), t];
          return {
            kind: "exact",
            entries: members.map((memberId, i) => ({ memberId, amountMinor: points[i + 1]! - points[i]! })),
          };
        }),
    ),
  );

const shuffled = <T>(xs: T[]) =>
  fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length }).map((ys) => ys as T[]);

describe("splitTotal properties", () => {
  it("gives integers >= 0 that sum exactly to the total, one per member, sorted by id", () => {
    fc.assert(
      fc.property(
        totalArb.chain((t) => fc.tuple(fc.constant(t), specArb(t))),
        ([t, spec]) => {
          const parts = ok(splitTotal(t, spec));
          expect(total(parts)).toBe(t);
          for (const p of parts) expect(Number.isSafeInteger(p.amountMinor) && p.amountMinor >= 0).toBe(true);
          expect(parts.map((p) => p.memberId)).toEqual(spec.entries.map((e) => e.memberId).sort());
        },
      ),
      { numRuns: 500 },
    );
  });

  it("does not depend on the order of the entries", () => {
    fc.assert(
      fc.property(
        totalArb
          .chain((t) => fc.tuple(fc.constant(t), specArb(t)))
          .chain(([t, spec]) =>
            fc.tuple(
              fc.constant(t),
              fc.constant(spec),
              shuffled(spec.entries as { memberId: string }[]).map(
                (entries) => ({ ...spec, entries }) as SplitSpec,
              ),
            ),
          ),
        ([t, spec, reordered]) => {
          expect(splitTotal(t, reordered)).toEqual(splitTotal(t, spec));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("gives each member within one unit of the exact proportional part (largest remainder)", () => {
    fc.assert(
      fc.property(
        totalArb,
        ids.chain((m) =>
          fc.tuple(
            fc.constant(m),
            fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: m.length, maxLength: m.length }),
          ),
        ),
        (t, [members, weights]) => {
          const parts = allocateByWeight(
            t,
            members.map((memberId, i) => ({ memberId, weight: weights[i]! })),
          );
          const W = weights.reduce((s, w) => s + w, 0);
          for (const p of parts) {
            const w = weights[members.indexOf(p.memberId)]!;
            const exact = (BigInt(t) * BigInt(w)) / BigInt(W);
            const got = BigInt(p.amountMinor);
            expect(got === exact || got === exact + 1n).toBe(true);
          }
        },
      ),
    );
  });

  it("answers invalid entries with the same error whatever their order", () => {
    const entry = fc.record({
      memberId: fc.constantFrom("a", "b", "c", "d"),
      value: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double({ min: -5, max: 120, noNaN: true })),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom("shares", "percent", "exact"),
        fc.array(entry, { maxLength: 5 }).chain((es) => fc.tuple(fc.constant(es), shuffled(es))),
        (t, kind, [a, b]) => {
          const spec = (es: typeof a) =>
            ({
              kind,
              entries: es.map((e) =>
                kind === "shares"
                  ? { memberId: e.memberId, shares: e.value }
                  : kind === "percent"
                    ? { memberId: e.memberId, percent: e.value }
                    : { memberId: e.memberId, amountMinor: e.value },
              ),
            }) as SplitSpec;
          const r = splitTotal(t, spec(a));
          expect(splitTotal(t, spec(b))).toEqual(r);
          if (r.ok) expect(total(r.value)).toBe(t);
        },
      ),
      { numRuns: 500 },
    );
  });
});
