import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cardSvg, convexHull, ellipsize, escapeXml, fitLine, renderCard, textWidth, wrapText } from "./card";

describe("text layout", () => {
  it("wraps between words and ends a text too long for its lines with an ellipsis", () => {
    expect(wrapText("Kyoto in spring", 20, 3, "en")).toEqual(["Kyoto in spring"]);
    const lines = wrapText("Kyoto in spring with the whole family and grandma", 7, 2, "en");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Kyoto in");
    expect(lines[1]!.endsWith("…")).toBe(true);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(7);
  });

  it("breaks CJK text without spaces and a word longer than a line between its characters", () => {
    const ja = wrapText("京都の春旅行：家族みんなで桜と紅葉の名所めぐり", 8, 3, "ja");
    expect(ja.length).toBeGreaterThan(1);
    for (const line of ja) expect(textWidth(line)).toBeLessThanOrEqual(8);
    expect(ja.join("").replace("…", "")).toMatch(/^京都の春旅行：家族/);
    const long = wrapText("Donaudampfschifffahrtsgesellschaft", 6, 9, "en");
    expect(long.length).toBeGreaterThan(2);
    expect(long.join("")).toBe("Donaudampfschifffahrtsgesellschaft");
  });

  it("cuts at a grapheme, never inside an emoji, and leaves a fitting line alone", () => {
    const cut = ellipsize("Trip 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 4);
    expect(cut.endsWith("…")).toBe(true);
    expect(
      [...new Intl.Segmenter().segment(cut)].every((s) => !/^[\u200d\uDC00-\uDFFF]/.test(s.segment)),
    ).toBe(true);
    expect(fitLine("Short", 10)).toBe("Short");
  });

  it("escapes XML and drops characters SVG cannot hold", () => {
    expect(escapeXml(`<a href="x">&'\u0001\uD800`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });
});

describe("the card", () => {
  it("hulls points counter-clockwise without the inner ones", () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
    ]);
    expect(hull).toHaveLength(4);
    expect(hull).not.toContainEqual([1, 1]);
  });

  it("puts the trip's name in the SVG escaped, and draws one dot per place", () => {
    const svg = cardSvg(
      {
        kind: "trip",
        name: "Rock & <Roll>",
        line: "2 places · Apr 3 – 9, 2026",
        footer: "A trip planned together on Tabi",
        points: [
          [135.7292, 35.0394],
          [135.7727, 34.9671],
        ],
      },
      "en",
    );
    expect(svg).toContain("Rock &amp; &lt;Roll&gt;");
    expect(svg.match(/<circle [^>]*fill="#0d9488"/g)).toHaveLength(2);
  });

  it("renders a 1200x630 PNG, the generic one too, whatever the points", async () => {
    for (const content of [
      { kind: "generic" as const, title: "共有された旅行", line: "Tabiでみんなで計画した旅行" },
      {
        kind: "trip" as const,
        name: "한국 여행",
        line: "장소 1곳 · 2026년 4월 3일",
        footer: "Tabi에서 함께 계획한 여행",
        points: [
          [179.9, 10],
          [-179.9, 11],
          [Number.NaN, 0],
          [0, 89.9],
        ] as [number, number][],
      },
    ]) {
      const meta = await sharp(await renderCard(content, "ko")).metadata();
      expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
  });
});
