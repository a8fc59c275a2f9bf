import { startTransition, useEffect, useRef, useState } from "react";

// What a screen can do without: started once its first content is on screen, so the first paint waits
// for neither its code nor its work (issue 28: on a phone's network and CPU every request and task
// before the first content delays it).

const reportsElements = () =>
  typeof PerformanceObserver !== "undefined" &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes("element");

/**
 * Calls `done` once what was rendered at `since` (performance.now()) is on screen: where the browser
 * reports when an element marked `elementtiming={name}` was shown (Chromium), on that report (a second
 * at most); elsewhere once the frame holding it has been drawn. Returns a cancel function.
 */
export function whenShown(name: string, since: number, done: () => void): () => void {
  if (reportsElements()) {
    let over = false;
    const stop = () => {
      over = true;
      observer.disconnect();
      clearTimeout(timer);
    };
    const observer = new PerformanceObserver((list) => {
      const shown = list
        .getEntries()
        .some(
          (entry) =>
            (entry as PerformanceEntry & { identifier?: string }).identifier === name &&
            entry.startTime >= since,
        );
      if (shown && !over) {
        stop();
        done();
      }
    });
    observer.observe({ type: "element", buffered: true });
    const timer = setTimeout(() => {
      if (over) return;
      stop();
      done();
    }, 1000);
    return stop;
  }
  // A timer set in the frame's callback runs after that frame was drawn.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(done, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the content rendered once `ready` is true is on screen, then true: the element marked
 * `elementtiming={name}` (text or an image) in it tells when it was shown.
 */
export function useAfterShown(name: string, ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  // When the content was first rendered: its frame is shown after that (the effect may run later).
  const renderedAt = useRef(0);
  if (ready && !renderedAt.current) renderedAt.current = performance.now();
  useEffect(() => {
    if (!ready || painted) return;
    // As a transition: what it mounts (the plan, the map) renders in slices, input in between.
    return whenShown(name, renderedAt.current, () => startTransition(() => setPainted(true)));
  }, [name, ready, painted]);
  return painted;
}

let firstScreen: Promise<void> | undefined;

/**
 * Resolves once the page has loaded, a second has passed and the browser is idle (at most 2 s more):
 * what the first screen cannot lead to at once (the service worker, other screens' code and texts)
 * starts then, and is not among what the first content waits for on a phone's network.
 */
export function firstScreenDone(): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    const idle = () =>
      window.requestIdleCallback
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 1);
    const later = () => setTimeout(idle, 1000);
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  });
  return firstScreen;
}

/** Runs `task` once the first screen is done (firstScreenDone). */
export function afterFirstScreen(task: () => void): void {
  if (typeof window !== "undefined") void firstScreenDone().then(task);
}

/** False until the first screen is done (firstScreenDone), then true. */
export function useFirstScreenDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void firstScreenDone().then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, []);
  return done;
}
