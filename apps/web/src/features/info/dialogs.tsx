import { createContext, lazy, Suspense, useContext, useMemo, useState } from "react";

export type DialogKind = "about" | "help" | "feedback" | "terms" | "contact" | "premium";

interface Dialogs {
  open(kind: DialogKind, feature?: string): void;
}
const Ctx = createContext<Dialogs>({ open: () => {} });
export const useDialogs = () => useContext(Ctx);

// The dialogs and their texts load on first use, keeping them out of the first page load.
const InfoDialog = lazy(() => import("./InfoDialog"));
const PremiumDialog = lazy(() => import("../billing/PremiumDialog"));

export function DialogsProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<{ kind: DialogKind; feature?: string } | null>(null);
  const value = useMemo<Dialogs>(() => ({ open: (kind, feature) => setState({ kind, feature }) }), []);
  const close = (open: boolean) => {
    if (!open) setState(null);
  };
  return (
    <Ctx.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {state?.kind === "premium" ? (
          <PremiumDialog open onOpenChange={close} feature={state.feature} />
        ) : state ? (
          <InfoDialog kind={state.kind} open onOpenChange={close} onNavigate={(kind) => setState({ kind })} />
        ) : null}
      </Suspense>
    </Ctx.Provider>
  );
}
