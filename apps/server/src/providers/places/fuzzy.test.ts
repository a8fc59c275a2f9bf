import { describe, expect, it } from "vitest";
import { fuzzyMatch } from "./fuzzy";

const rows = new Int32Array(3 * 130);
const match = (q: string, key: string, maxEdits = 1) => {
  const k = Buffer.from(key);
  return fuzzyMatch(Buffer.from(q), k, 0, k.length, maxEdits, rows);
};

/** Plain full-matrix optimal-string-alignment distance, to check the banded one against. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe("fuzzyMatch", () => {
  it("finds one typo of each kind against the whole key", () => {
    expect(match("kyotto", "kyoto")).toEqual({ prefix: 1, whole: 1 }); // insertion
    expect(match("londn", "london")).toEqual({ prefix: 1, whole: 1 }); // deletion
    expect(match("parsi", "paris")).toEqual({ prefix: 1, whole: 1 }); // transposition
    expect(match("berlim", "berlin")).toEqual({ prefix: 1, whole: 1 }); // substitution
  });

  it("matches a key prefix when the query is the start of a longer name", () => {
    expect(match("sydny opera", "sydney opera house")).toEqual({
      prefix: 1,
      whole: Number.POSITIVE_INFINITY,
    });
  });

  it("rejects what needs more edits than allowed", () => {
    expect(match("munich", "milano")).toBeNull();
    expect(match("tokyo", "osaka")).toBeNull();
    expect(match("barcelna cathedrl", "barcelona cathedral", 2)).toEqual({ prefix: 2, whole: 2 });
  });

  it("agrees with the full-matrix distance on random words", () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const word = () =>
      Array.from({ length: 3 + Math.floor(rand() * 6) }, () => "abcd"[Math.floor(rand() * 4)]).join("");
    for (let n = 0; n < 2000; n++) {
      const a = word();
      const b = word();
      const maxEdits = 1 + Math.floor(rand() * 2);
      const m = match(a, b, maxEdits);
      const whole = osa(a, b);
      let prefix = Number.POSITIVE_INFINITY;
      for (let j = 0; j <= b.length; j++) prefix = Math.min(prefix, osa(a, b.slice(0, j)));
      if (prefix > maxEdits) expect(m, `${a} ${b}`).toBeNull();
      else
        expect(m, `${a} ${b}`).toEqual({
          prefix,
          whole: whole <= maxEdits ? whole : Number.POSITIVE_INFINITY,
        });
    }
  });
});
