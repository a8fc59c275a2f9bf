import { createContext, Suspense, useContext, useMemo, useState } from "react";
import { preloadable } from "../../lib/preloadable";

export type DialogKind = "about" | "help" | "feedback" | "terms" | "contact" | "premium";

interface Dialogs {
  open(kind: DialogKind, feature?: string): void;
}
const Ctx = createContext<Dialogs>({ open: () => {} });
export const useDialogs = () => useContext(Ctx);

// The dialogs and their texts load on first use, keeping them out of the first page load; a dialog
// opens once loaded rather than through a Suspense fallback, which React reveals 300 ms late.
const InfoDialog = preloadable(() => import("./InfoDialog").then((m) => m.default));
const PremiumDialog = preloadable(() => import("../billing/PremiumDialog").then((m) => m.default));

export function DialogsProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<{ kind: DialogKind; feature?: string } | null>(null);
  const value = useMemo<Dialogs>(
    () => ({
      open: (kind, feature) =>
        (kind === "premium" ? PremiumDialog : InfoDialog).whenLoaded(() => setState({ kind, feature })),
    }),
    [],
  );
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
