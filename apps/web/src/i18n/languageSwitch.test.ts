import { afterAll, describe, expect, it } from "vitest";
import { i18n, setLanguage } from "./index";
import ja from "./locales/ja/polls.json";

describe("setLanguage", () => {
  afterAll(() => setLanguage("en"));

  // A screen that opens while the account's language is switching (opened cold at its address: the
  // profile's language arrives with /api/me) asks for its area in the old language; it must still have
  // its texts once the new language is on, not catalogue keys.
  it("loads in the new language an area asked for while the language switches", async () => {
    const ns = i18n.options.ns as string[];
    ns.splice(ns.indexOf("polls"), 1); // as if no screen had asked for polls yet
    expect(i18n.hasResourceBundle("ja", "polls")).toBe(false);

    const switching = setLanguage("ja");
    const asked = i18n.loadNamespaces("polls"); // before the switch is done: i18n.language is still en
    expect(i18n.language).toBe("en");
    await Promise.all([switching, asked]);

    expect(i18n.language).toBe("ja");
    expect(i18n.hasLoadedNamespace("polls")).toBe(true);
    expect(i18n.t("polls:subtitle")).toBe(ja.subtitle);
  });
});
