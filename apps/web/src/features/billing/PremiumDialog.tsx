import { PREMIUM_PLAN } from "@tabi/contracts";
import { Check, Crown, Lock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { formatCurrency } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

/** The limit a caller ran into (open("premium", feature)). */
const LIMITS = {
  trips: "billing:limit.trips",
  members: "billing:limit.members",
  places: "billing:limit.places",
} as const;
const limitKey = (feature: string) =>
  feature in LIMITS ? LIMITS[feature as keyof typeof LIMITS] : "billing:limit.other";

/** The plan's price in the reader's number format ("$9.00", "US$9.00"). */
const premiumPrice = () => formatCurrency(PREMIUM_PLAN.amount / 100, PREMIUM_PLAN.currency.toUpperCase());

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
  const { t } = useTranslation();
  const [checkoutTried, setCheckoutTried] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        <span className="flex items-center gap-2">
          <Crown className="size-5 shrink-0 text-amber-500" aria-hidden /> {t("billing:premium")}
        </span>
      }
      description={t("billing:tagline")}
    >
      <div className="space-y-4">
        {feature ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            {t(limitKey(feature))}
          </p>
        ) : null}
        <p className="text-3xl font-bold">
          {premiumPrice()}
          <span className="text-base font-normal text-slate-500"> / {t("billing:interval.year")}</span>
        </p>
        <ul className="space-y-2">
          {PREMIUM_PLAN.features.map((f) => (
            <li key={f} className="flex items-center gap-2">
              <Check className="size-4 shrink-0 text-brand-600" aria-hidden /> {serverText(f)}
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">{t("billing:taxes")}</p>
        {checkoutTried ? (
          <p role="status" className="rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800">
            {t("billing:checkoutUnavailable")}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="premium" size="lg" className="sm:flex-1" onClick={() => setCheckoutTried(true)}>
            {t("billing:upgrade")}
          </Button>
          <Button variant="ghost" size="lg" onClick={() => onOpenChange(false)}>
            {t("billing:later")}
          </Button>
        </div>
        <p className="flex items-center justify-center gap-1 text-xs text-slate-500">
          <Lock className="size-3" aria-hidden /> {t("billing:secure")}
        </p>
      </div>
    </Dialog>
  );
}
