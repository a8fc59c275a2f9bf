import { OPTIMIZATION_MESSAGES, TRIP_MESSAGES } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import en from "../../../../packages/contracts/src/i18n/en.json";
import ja from "../../../../packages/contracts/src/i18n/ja.json";
import ko from "../../../../packages/contracts/src/i18n/ko.json";
import zh from "../../../../packages/contracts/src/i18n/zh.json";
import { english, keyOfEnglish, matchLanguage, planText, say, t, text, translate } from ".";
import { zodMessage } from "./zod";

describe("Accept-Language", () => {
  it("picks the best of en, ja, ko, zh by quality, then order; regional tags match their language", () => {
    expect(matchLanguage("ja-JP")).toBe("ja");
    expect(matchLanguage("zh-TW,zh;q=0.9")).toBe("zh");
    expect(matchLanguage("zh-Hans-CN")).toBe("zh");
    expect(matchLanguage("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("ko");
    expect(matchLanguage("fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7")).toBe("ja");
    expect(matchLanguage("en;q=0.5, ko;q=0.8")).toBe("ko");
    expect(matchLanguage("de, EN-gb")).toBe("en");
    expect(matchLanguage("ja;q=0, en")).toBe("en");
  });

  it("is null when none of them is acceptable (the caller then says English)", () => {
    expect(matchLanguage(undefined)).toBeNull();
    expect(matchLanguage("")).toBeNull();
    expect(matchLanguage("fr, de;q=0.5, *;q=0.1")).toBeNull();
    expect(matchLanguage("ja;q=abc")).toBeNull();
  });
});

describe("the server catalogue", () => {
  it("says a key in each language, English by default for what a language lacks", () => {
    expect(t("server:trips.tripNotFound", undefined, "en")).toBe(TRIP_MESSAGES.tripNotFound);
    expect(t("server:trips.tripNotFound", undefined, "ja")).toBe("旅行が見つかりません");
    expect(t("server:edit.noDay", { day: 4 }, "ko")).toBe("일정에 4일차가 없습니다");
    expect(english("server:edit.noDay", { day: 4 })).toBe("The plan has no day 4");
  });

  it("finds a contracts constant by its English words, and leaves other text alone", () => {
    expect(keyOfEnglish(OPTIMIZATION_MESSAGES.noPlaces)).toBe("server:optimization.noPlaces");
    expect(translate(TRIP_MESSAGES.tripLimitCreate, "zh")).toBe(zh.trips.tripLimitCreate);
    expect(translate("Kinkaku-ji", "ja")).toBe("Kinkaku-ji");
    expect(say(text("server:members.memberNotFound"), "ko")).toBe(ko.members.memberNotFound);
  });

  it("keeps a plan text's English with its key and values for the reader's app", () => {
    expect(planText("server:violation.duplicate", { place: "Nijo Castle" })).toEqual({
      text: "Nijo Castle is in the day twice",
      key: "violation.duplicate",
      params: { place: "Nijo Castle" },
    });
  });

  it("has every key in every language with the same placeholders", () => {
    const flat = (v: unknown, p = ""): [string, string][] =>
      typeof v === "string"
        ? [[p, v]]
        : Object.entries(v as object).flatMap(([k, x]) => flat(x, p ? `${p}.${k}` : k));
    // A plural text has the forms its language needs (English "_one" and "_other", Japanese "_other"):
    // compared by its base key, with the placeholders of all its forms together.
    const shape = (c: unknown) => {
      const keys = new Map<string, Set<string>>();
      for (const [k, v] of flat(c)) {
        const base = k.replace(/_(zero|one|two|few|many|other)$/, "");
        const names = keys.get(base) ?? new Set<string>();
        for (const m of v.matchAll(/\{\{(\w+)\}\}/g)) names.add(m[1]!);
        keys.set(base, names);
      }
      return [...keys].map(([k, names]) => `${k} ${[...names].sort()}`);
    };
    for (const other of [ja, ko, zh]) expect(shape(other)).toEqual(shape(en));
  });
});

describe("zod's own messages", () => {
  it("are said in zod's translation when zod's English would write them again", () => {
    const entry = {
      keyword: "too_small",
      message: "Too small: expected string to have >=3 characters",
      params: { origin: "string", minimum: 3, inclusive: true },
    };
    expect(zodMessage(entry, "ja")).toMatch(/3/);
    expect(zodMessage(entry, "ja")).not.toBe(entry.message);
    expect(zodMessage(entry, "en")).toBeUndefined();
    expect(zodMessage({ ...entry, message: "Please enter a name" }, "ja")).toBeUndefined();
  });
});
