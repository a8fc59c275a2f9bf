import { afterEach, describe, expect, it, vi } from "vitest";
import { whenShown } from "./afterPaint";

type Entry = { identifier: string; startTime: number };

/** A PerformanceObserver that reports element entries when the test says so. */
function fakeObserver(supported: string[]) {
  const observers: ((entries: Entry[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private cb: (list: { getEntries: () => Entry[] }) => void;
    private on = false;
    constructor(cb: (list: { getEntries: () => Entry[] }) => void) {
      this.cb = cb;
    }
    observe() {
      this.on = true;
      observers.push((entries) => this.on && this.cb({ getEntries: () => entries }));
    }
    disconnect() {
      this.on = false;
    }
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return (entries: Entry[]) => {
    for (const o of observers) o(entries);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("whenShown: the plan's code is asked for once the trip's content is on screen", () => {
  it("waits for the marked element shown after the render, not another one or an earlier showing", () => {
    const report = fakeObserver(["element", "largest-contentful-paint"]);
    const done = vi.fn();
    whenShown("trip-name", 100, done);
    report([{ identifier: "other", startTime: 150 }]);
    report([{ identifier: "trip-name", startTime: 40 }]); // a previous trip's visit
    expect(done).not.toHaveBeenCalled();
    report([{ identifier: "trip-name", startTime: 180 }]);
    report([{ identifier: "trip-name", startTime: 200 }]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("goes on after a second when the element is never reported, and not twice", () => {
    vi.useFakeTimers();
    const report = fakeObserver(["element"]);
    const done = vi.fn();
    whenShown("trip-name", 0, done);
    vi.advanceTimersByTime(999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
    report([{ identifier: "trip-name", startTime: 5 }]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("never calls back once cancelled (the screen left)", () => {
    vi.useFakeTimers();
    const report = fakeObserver(["element"]);
    const done = vi.fn();
    whenShown("trip-name", 0, done)();
    report([{ identifier: "trip-name", startTime: 5 }]);
    vi.advanceTimersByTime(2000);
    expect(done).not.toHaveBeenCalled();
  });

  it("without element timing (Safari, Firefox), goes on after the next frame has been drawn", () => {
    vi.useFakeTimers();
    fakeObserver(["largest-contentful-paint"]);
    let frame: (() => void) | undefined;
    vi.stubGlobal("requestAnimationFrame", (f: () => void) => {
      frame = f;
      return 1;
    });
    vi.stubGlobal("cancelAnimationFrame", () => {});
    const done = vi.fn();
    whenShown("trip-name", 0, done);
    vi.advanceTimersByTime(50);
    expect(done).not.toHaveBeenCalled();
    frame?.();
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
