import { Sparkles } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { preloadable } from "../../lib/preloadable";
import { useMe } from "../auth/session";
import { useGuidanceFlag } from "../home/guidance";
import { usePlaces } from "../places/api";
import { useActiveResult } from "./api";

// The dialog validates its settings with the plan settings' schema: loaded when opened, so the trip
// page builds no zod schema while it opens (decision 0026); it opens once loaded (lib/preloadable.tsx).
const OptimizeDialog = preloadable(() => import("./OptimizeDialog").then((m) => m.OptimizeDialog));

/**
 * The floating Optimize button of /my-trip and /my-trip/my-places, placed by FloatingActions. It
 * pulses while the user has own places, the trip has no plan yet and the user has not clicked it
 * (spec 1 s.4, flag per user and trip).
 */
export function OptimizeFab({ tripId, className }: { tripId: string; className?: string }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const places = usePlaces(tripId).data;
  const result = useActiveResult(tripId).data;
  const [open, setOpen] = useState(false);
  const [dismissed, dismiss] = useGuidanceFlag(me ? `optimizeGuidance_${me.id}_${tripId}` : null);
  const hasOwn = Boolean(places?.places.some((p) => p.myWish !== null));
  const pulse = hasOwn && !result && !dismissed;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          dismiss();
          OptimizeDialog.whenLoaded(() => setOpen(true));
        }}
        className={cn(
          "inline-flex max-w-full items-center gap-2 rounded-full bg-gradient-to-r from-brand-700 to-indigo-700 px-5 py-3 font-medium text-white shadow-lg ring-1 ring-black/5 hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-offset-2 dark:ring-white/10 dark:focus-visible:ring-offset-slate-950",
          pulse && "animate-guidance",
          className,
        )}
      >
        <Sparkles className="size-5 shrink-0" aria-hidden />
        <span className="truncate">{t("plan:optimize.run")}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <OptimizeDialog
            tripId={tripId}
            onClose={() => setOpen(false)}
            onStarted={() => setTimeout(() => setOpen(false), 300)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
