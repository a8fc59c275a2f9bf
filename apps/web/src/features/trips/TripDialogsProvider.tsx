import { createContext, Suspense, useContext, useMemo, useState } from "react";
import { preloadable } from "../../lib/preloadable";
import type { TripDialogState } from "./TripDialogs";

const TripDialogs = preloadable(() => import("./TripDialogs").then((m) => m.default));
const Ctx = createContext<(state: TripDialogState) => void>(() => {});
export const useTripDialogs = () => useContext(Ctx);

export function TripDialogsProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<TripDialogState | null>(null);
  // Opened once its chunk is in: a first open through a Suspense fallback showed 300 ms late.
  const open = useMemo(() => (s: TripDialogState) => TripDialogs.whenLoaded(() => setState(s)), []);
  return (
    <Ctx.Provider value={open}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <TripDialogs state={state} onClose={() => setState(null)} />
        </Suspense>
      ) : null}
    </Ctx.Provider>
  );
}
