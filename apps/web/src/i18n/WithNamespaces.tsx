import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../ui/Spinner";
import { i18n, loadTripCatalogues, TRIP_NAMESPACES } from "./index";

/** Renders its screen once the screen's own catalogues (LATER_NAMESPACES) are loaded. */
export function WithNamespaces({ ns, children }: { ns: string[]; children: ReactNode }) {
  const { ready } = useTranslation(ns);
  return ready ? children : <FullPageSpinner />;
}

/**
 * Whether the catalogues of a signed-in user's screens (TRIP_NAMESPACES) are here; loads them once
 * `wanted` (someone is signed in). A failed load counts as done: the screen then shows, keys and all,
 * rather than a spinner for ever.
 */
export function useTripCatalogues(wanted: boolean): boolean {
  const loaded = () => TRIP_NAMESPACES.every((ns) => i18n.hasLoadedNamespace(ns));
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    const done = () => {
      if (live) setReady(true);
    };
    loadTripCatalogues().then(done, done);
    return () => {
      live = false;
    };
  }, [wanted, ready]);
  return ready;
}
