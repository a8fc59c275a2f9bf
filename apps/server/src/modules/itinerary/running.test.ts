import { describe, expect, it } from "vitest";
import { stillRunning } from "./service";

describe("stillRunning", () => {
  it("is true for a job queued or under way, false once it said its last stage", () => {
    expect(stillRunning({})).toBe(true); // queued: no stage yet
    expect(stillRunning({ progress: { stage: "routing" } })).toBe(true);
    for (const stage of ["complete", "error", "cancelled"])
      expect(stillRunning({ progress: { stage } })).toBe(false);
  });
});
