import { PREMIUM_PLAN } from "@tabi/contracts";
import { Check, Crown, Lock } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

/** The Premium modal (spec 1 'Dialogs'). Checkout itself arrives with the billing issue. */
export default function PremiumDialog({
  open,
  onOpenChange,
  feature,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  feature?: string;
}) {
  const [message, setMessage] = useState("");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        <span className="flex items-center gap-2">
          <Crown className="size-5 text-amber-500" aria-hidden /> Premium
        </span>
      }
      description="Unlock the full potential of travel planning"
    >
      <div className="space-y-4">
        {feature ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            You have reached the free plan's limit for {feature}.
          </p>
        ) : null}
        <p className="text-3xl font-bold">
          {PREMIUM_PLAN.displayPrice}
          <span className="text-base font-normal text-slate-500"> / {PREMIUM_PLAN.displayInterval}</span>
        </p>
        <ul className="space-y-2">
          {PREMIUM_PLAN.features.map((f) => (
            <li key={f} className="flex items-center gap-2">
              <Check className="size-4 text-brand-600" aria-hidden /> {f}
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">* Taxes calculated automatically by region</p>
        {message ? (
          <p role="status" className="rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800">
            {message}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            variant="premium"
            size="lg"
            className="flex-1"
            onClick={() =>
              setMessage("Online checkout is not available yet. Your plan has not been changed.")
            }
          >
            Upgrade to Premium
          </Button>
          <Button variant="ghost" size="lg" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
        </div>
        <p className="flex items-center justify-center gap-1 text-xs text-slate-500">
          <Lock className="size-3" aria-hidden /> Secure payments
        </p>
      </div>
    </Dialog>
  );
}
