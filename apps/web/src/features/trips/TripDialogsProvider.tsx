import { createContext, lazy, Suspense, useContext, useMemo, useState } from "react";
import type { TripDialogState } from "./TripDialogs";

const TripDialogs = lazy(() => import("./TripDialogs"));
const Ctx = createContext<(state: TripDialogState) => void>(() => {});
export const useTripDialogs = () => useContext(Ctx);

export function TripDialogsProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<TripDialogState | null>(null);
  const open = useMemo(() => (s: TripDialogState) => setState(s), []);
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
