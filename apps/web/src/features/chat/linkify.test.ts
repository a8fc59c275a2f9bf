import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("linkify", () => {
  it("keeps plain text as one segment, markup included", () => {
    expect(linkify("<b>hi</b>\n  there")).toEqual([{ text: "<b>hi</b>\n  there" }]);
  });

  it("finds http(s) and www. links and leaves closing punctuation out", () => {
    expect(linkify("See https://example.com/a?b=1, and www.kyoto.travel.")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ", and " },
      { text: "www.kyoto.travel", href: "https://www.kyoto.travel" },
      { text: "." },
    ]);
  });

  it("keeps a bracket the URL opened, not one around it", () => {
    expect(linkify("(https://en.wikipedia.org/wiki/Gion_(Kyoto))")).toEqual([
      { text: "(" },
      {
        text: "https://en.wikipedia.org/wiki/Gion_(Kyoto)",
        href: "https://en.wikipedia.org/wiki/Gion_(Kyoto)",
      },
      { text: ")" },
    ]);
  });

  it("never links a javascript: or other scheme", () => {
    expect(linkify("javascript:alert(1) data:text/html,x").every((s) => !s.href)).toBe(true);
  });

  it("ends a link at Japanese punctuation", () => {
    expect(linkify("地図はhttps://maps.example.jp/x。")).toEqual([
      { text: "地図は" },
      { text: "https://maps.example.jp/x", href: "https://maps.example.jp/x" },
      { text: "。" },
    ]);
  });
});
