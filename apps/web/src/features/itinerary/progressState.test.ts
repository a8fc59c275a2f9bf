import type { OptimizationProgress } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { laterProgress } from "./progressState";

const at = (
  stage: OptimizationProgress["stage"],
  percent: number,
  updatedAt: string,
): OptimizationProgress => ({
  jobId: "job-1",
  stage,
  percent,
  message: null,
  startedBy: "u1",
  executionTimeMs: null,
  error: null,
  updatedAt,
});

describe("the optimisation overlay's state: the later of the channel's and a read's", () => {
  it("keeps a finished run pushed over the channel when an older read answers after it", () => {
    const done = { progress: at("complete", 100, "2026-11-29T10:00:05.000Z"), running: false };
    const staleRead = { progress: at("normalizing", 25, "2026-11-29T10:00:01.000Z"), running: true };
    expect(laterProgress(done, staleRead)).toBe(done);
  });

  it("takes the read when it is newer, or when nothing was held", () => {
    const held = { progress: at("normalizing", 25, "2026-11-29T10:00:01.000Z"), running: true };
    const read = { progress: at("routing", 80, "2026-11-29T10:00:04.000Z"), running: true };
    expect(laterProgress(held, read)).toBe(read);
    expect(laterProgress(undefined, read)).toBe(read);
    expect(laterProgress({ progress: null, running: false }, read)).toBe(read);
  });

  it("takes a read that says no run is kept", () => {
    const held = { progress: at("normalizing", 25, "2026-11-29T10:00:01.000Z"), running: true };
    const none = { progress: null, running: false };
    expect(laterProgress(held, none)).toBe(none);
  });

  it("never takes a finished run for a running one", () => {
    const done = at("complete", 100, "2026-11-29T10:00:05.000Z");
    expect(laterProgress({ progress: done, running: false }, { progress: done, running: true })).toEqual({
      progress: done,
      running: false,
    });
    expect(laterProgress(undefined, { progress: done, running: true }).running).toBe(false);
  });
});
