import { expect, it } from "vitest";
import { localNameLang, localNameOf, placeLabel } from "./localName";

it("tags a local name with its language, from its script and the country", () => {
  expect(localNameLang("浅草寺", "JP")).toBe("ja");
  expect(localNameLang("東京スカイツリー", "JP")).toBe("ja");
  expect(localNameLang("故宫", "CN")).toBe("zh-CN");
  expect(localNameLang("台北101", "TW")).toBe("zh-TW");
  expect(localNameLang("경복궁", "KR")).toBe("ko");
  expect(localNameLang("Ακρόπολη", "GR")).toBe("el");
  expect(localNameLang("Кремль", "RU")).toBe("ru");
  expect(localNameLang("Kölner Dom", "DE")).toBe("de");
  // Unsure: no tag rather than a wrong one.
  expect(localNameLang("Grand-Place", "BE")).toBeUndefined();
  expect(localNameLang("மீனாட்சி", "IN")).toBeUndefined();
});

it("shows a local name only when it differs from the name", () => {
  expect(localNameOf({ name: "Kyoto", localName: "京都" })).toBe("京都");
  expect(localNameOf({ name: "Kyoto", localName: "Kyoto" })).toBeNull();
  expect(localNameOf({ name: "Kyoto", localName: null })).toBeNull();
});

it("says a picked city once: its address already begins with its name", () => {
  expect(placeLabel({ name: "Osaka", address: "Osaka, Japan" })).toBe("Osaka, Japan");
  expect(placeLabel({ name: "Nara", address: "Nara" })).toBe("Nara");
  expect(placeLabel({ name: "Kinkaku-ji", address: "Kita Ward, Kyoto, Japan" })).toBe(
    "Kinkaku-ji, Kita Ward, Kyoto, Japan",
  );
  expect(placeLabel({ name: "Osaka Castle", address: "Osaka, Japan" })).toBe("Osaka Castle, Osaka, Japan");
  expect(placeLabel({ name: "Somewhere", address: null })).toBe("Somewhere");
});
