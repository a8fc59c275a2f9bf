import { type Me, PREMIUM_PLAN } from "@tabi/contracts";
import { useQuery } from "@tanstack/react-query";
import { Check, Crown, Lock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { formatCurrency, formatDate } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { checkoutErrorKey, createCheckoutSession, openPortal, subscriptionQuery } from "./api";

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

const errorBox = "rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-100";

function Features() {
  return (
    <ul className="space-y-2">
      {PREMIUM_PLAN.features.map((f) => (
        <li key={f} className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-brand-600" aria-hidden /> {serverText(f)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Premium modal (spec 1 'Dialogs'): the offer with the spec's payment states (idle, processing,
 * then the provider's checkout, or an error); for a Premium user their plan, its renewal or end date
 * and "Manage subscription".
 */
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
  const me = useMe().data;
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
      {me?.isPremium ? (
        <CurrentPlan onClose={() => onOpenChange(false)} />
      ) : (
        <Offer me={me ?? null} feature={feature} onClose={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function Offer({ me, feature, onClose }: { me: Me | null; feature?: string; onClose(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upgrade() {
    setError(null);
    if (!me) return setError(t("billing:error.loginRequired"));
    setBusy(true);
    try {
      const { url } = await createCheckoutSession(me);
      // To the provider's checkout (or the built-in test checkout); "Processing..." until the page goes.
      window.location.assign(url);
    } catch (err) {
      const failure = checkoutErrorKey(err);
      setError("key" in failure ? t(failure.key) : failure.message);
      setBusy(false);
    }
  }

  return (
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
      <Features />
      <p className="text-xs text-slate-500">{t("billing:taxes")}</p>
      {error ? (
        <p role="alert" className={errorBox}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button variant="premium" size="lg" className="sm:flex-1" disabled={busy} onClick={upgrade}>
          {busy ? t("billing:processing") : t("billing:upgrade")}
        </Button>
        <Button variant="ghost" size="lg" onClick={onClose}>
          {t("billing:later")}
        </Button>
      </div>
      <p className="flex items-center justify-center gap-1 text-xs text-slate-500">
        <Lock className="size-3" aria-hidden /> {t("billing:secure")}
      </p>
    </div>
  );
}

function CurrentPlan({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const sub = useQuery(subscriptionQuery);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function manage() {
    setNote(null);
    setBusy(true);
    try {
      const { url } = await openPortal();
      if (url) return window.location.assign(url);
      setNote({ text: t("billing:current.testNothing"), error: false });
    } catch {
      setNote({ text: t("billing:current.portalFailed"), error: true });
    }
    setBusy(false);
  }

  const view = sub.data;
  const date = (iso: string) => formatDate(iso, { dateStyle: "long" });
  return (
    <div className="space-y-4">
      <div className="rounded-2xl bg-amber-50 p-4 dark:bg-amber-900/30">
        <p className="flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-100">
          <Crown className="size-4 shrink-0" aria-hidden /> {t("billing:current.title")}
        </p>
        <p className="mt-1 text-sm text-amber-900/80 dark:text-amber-100/80">
          {sub.isPending ? (
            <Spinner className="size-4" />
          ) : view?.renewsAt ? (
            t("billing:current.renews", { date: date(view.renewsAt) })
          ) : view?.expiresAt ? (
            t("billing:current.until", { date: date(view.expiresAt) })
          ) : (
            t("billing:current.noEnd")
          )}
        </p>
      </div>
      <p className="text-sm text-slate-500">
        {premiumPrice()} / {t("billing:interval.year")}
      </p>
      <Features />
      {note ? (
        <p
          role={note.error ? "alert" : "status"}
          className={note.error ? errorBox : "rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800"}
        >
          {note.text}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" disabled={busy} onClick={manage}>
          {busy ? t("billing:processing") : t("billing:current.manage")}
        </Button>
        <Button variant="ghost" size="lg" onClick={onClose}>
          {t("common:action.close")}
        </Button>
      </div>
    </div>
  );
}
