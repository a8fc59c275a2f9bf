import { describe, expect, it } from "vitest";
import { Breaker } from "./breaker";
import { PlacesProviderError } from "./types";

describe("Breaker", () => {
  it("skips a service after a failure, longer after each failure in a row, until it answers", () => {
    let now = 1_000_000;
    const breaker = new Breaker({ baseMs: 30_000, maxMs: 100_000, now: () => now });
    const down = new PlacesProviderError("Photon", "unavailable", "Photon could not be reached");
    expect(breaker.skipped()).toBeNull();

    breaker.failed(down);
    expect(breaker.skipped()).toMatchObject({
      provider: "Photon",
      reason: "unavailable",
      message: "Photon could not be reached; asked again in 30 s",
    });
    now += 29_999;
    expect(breaker.skipped()?.message).toBe("Photon could not be reached; asked again in 1 s");
    now += 1;
    expect(breaker.skipped()).toBeNull(); // one try after the pause

    breaker.failed(down); // a second failure in a row: 60 s
    now += 59_999;
    expect(breaker.skipped()).not.toBeNull();
    now += 1;
    expect(breaker.skipped()).toBeNull();
    breaker.failed(down); // 120 s, capped at 100 s
    now += 100_000;
    expect(breaker.skipped()).toBeNull();

    breaker.succeeded(); // an answer resets the doubling
    breaker.failed(down);
    now += 30_000;
    expect(breaker.skipped()).toBeNull();
  });
});
