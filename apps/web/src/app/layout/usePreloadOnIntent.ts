import { useEffect } from "react";
import { preloadScreen } from "../screens";

const INTENT = ["pointerdown", "mouseover", "focusin"] as const;

/**
 * Loads a screen's chunk as soon as a link to it (or an element with `data-preload="/path"`, such as
 * a menu item that navigates) is pressed, hovered or focused: by the click the screen is usually
 * in, and it shows without a fallback (app/screens.ts). One listener for the whole app.
 */
export function usePreloadOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest("a[href], [data-preload]") : null;
      if (!target) return;
      const preload = target.getAttribute("data-preload");
      if (preload) return preloadScreen(preload);
      if (target instanceof HTMLAnchorElement && target.origin === window.location.origin)
        preloadScreen(target.pathname);
    };
    const options = { capture: true, passive: true };
    for (const type of INTENT) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of INTENT) document.removeEventListener(type, onIntent, options);
    };
  }, []);
}
