import { describe, expect, it } from "vitest";
import { normalizeName, wordSuffixes } from "./normalize";

describe("normalizeName", () => {
  it.each([
    ["Sagrada Família", "sagrada familia"],
    ["MÜNCHEN", "munchen"],
    ["Straße", "strasse"],
    ["İstanbul", "istanbul"],
    ["Kraków", "krakow"],
    ["Ærøskøbing", "aeroskobing"],
    ["O'Hare", "ohare"],
    ["Notre-Dame de Paris", "notre dame de paris"],
    ["  St. Peter's   Basilica ", "st peters basilica"],
    ["ＮＲＴ", "nrt"],
    ["Москва", "москва"],
    ["Ёлка", "елка"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it("keeps Japanese voicing marks and Korean syllables whole", () => {
    expect(normalizeName("ロンドン")).toBe("ロンドン");
    expect(normalizeName("경복궁")).toBe("경복궁");
    expect(normalizeName("ｿｳﾙ")).toBe("ソウル"); // half-width katakana
  });

  it("leaves nothing of junk, emoji and lone accents", () => {
    expect(normalizeName("🙂🙂")).toBe("");
    expect(normalizeName("\u0301")).toBe("");
    expect(normalizeName("'; DROP TABLE places; --")).toBe("drop table places");
  });
});

it("wordSuffixes lists every later word start", () => {
  expect(wordSuffixes("sydney opera house")).toEqual(["opera house", "house"]);
  expect(wordSuffixes("tokyo")).toEqual([]);
});
