import { describe, expect, it } from "vitest";
import { currencyLabel, offeredCurrencies } from "./currencies";

describe("currency lists", () => {
  it("offer money people pay with, not funds, unless the trip already uses one", () => {
    const offered = offeredCurrencies();
    expect(offered).toContain("JPY");
    expect(offered).toContain("XOF");
    for (const fund of ["BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"])
      expect(offered).not.toContain(fund);
    expect(offeredCurrencies("CLF")).toContain("CLF");
  });

  it("name each currency in the app's language beside its code", () => {
    expect(currencyLabel("JPY", "en")).toBe("JPY · Japanese Yen");
    expect(currencyLabel("EUR", "ja")).toBe("EUR · ユーロ");
  });
});
