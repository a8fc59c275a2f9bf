import { PREMIUM_PLAN } from "@tabi/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Crown, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useBlocker, useNavigate } from "react-router";
import { serverText } from "../../i18n";
import { useClientConfig } from "../../lib/config";
import { Button } from "../../ui/Button";
import { FullPageSpinner, Spinner } from "../../ui/Spinner";
import { SignInScreen } from "../auth/SignInScreen";
import { meQuery, useMe } from "../auth/session";
import { subscriptionQuery } from "./api";

const card =
  "mx-auto mt-8 max-w-md rounded-3xl bg-white/90 p-6 text-center shadow-lg ring-1 ring-slate-200 dark:bg-slate-900/90 dark:ring-slate-800";

/**
 * Checkout return (spec 3 'Payment success'). A signed-out visitor signs in first, on this page, and
 * comes back to it; then the user is refreshed, 2 s later refreshed again, and the result shows.
 */
export function PremiumSuccess() {
  const me = useMe();
  // Sign-in hands over to /auth/callback (then home): held back here, so the visitor stays on this page.
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname === "/auth/callback");
  useEffect(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);
  if (me.isPending) return <FullPageSpinner />;
  return me.data ? <SuccessFlow /> : <SignInScreen />;
}

function SuccessFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [premium, setPremium] = useState<boolean | null>(null);
  const sessionId = new URLSearchParams(window.location.search).get("session_id");
  useEffect(() => {
    let cancelled = false;
    // Refreshing the user updates everything that shows the plan (badge, limits, trip count).
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey });
      return queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).catch(() => null);
    };
    (async () => {
      await refresh();
      await new Promise((r) => setTimeout(r, 2000));
      const me = await refresh();
      if (!cancelled) setPremium(Boolean(me?.isPremium));
    })();
    return () => {
      cancelled = true;
    };
  }, [queryClient]);
  if (premium === null)
    return (
      <div className={card}>
        <Spinner className="mx-auto size-8" />
        <h2 className="mt-3 text-xl font-semibold">{t("billing:success.processing")}</h2>
        <p className="text-slate-500">{t("billing:success.updating")}</p>
      </div>
    );
  return (
    <div className={card}>
      <Crown className="mx-auto size-12 text-amber-500" aria-hidden />
      {premium ? (
        <>
          <h2 className="mt-3 text-2xl font-bold">{t("billing:success.welcome")}</h2>
          <ul className="mt-4 space-y-2 text-left">
            {PREMIUM_PLAN.features.map((f) => (
              <li key={f} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-brand-600" aria-hidden /> {serverText(f)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2 className="mt-3 text-xl font-semibold">{t("billing:success.notConfirmed")}</h2>
          <p className="mt-1 text-sm text-slate-500">{t("billing:success.notConfirmedText")}</p>
        </>
      )}
      {sessionId ? (
        <p className="mt-4 break-all text-xs text-slate-400">
          {t("billing:success.session", { id: sessionId })}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link
          to="/"
          className="rounded-xl bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t("billing:success.goHome")}
        </Link>
        <Link
          to="/profile"
          className="rounded-xl px-4 py-2 text-sm font-medium ring-1 ring-slate-300 dark:ring-slate-600"
        >
          {t("shell:profileMenu.settings")}
        </Link>
      </div>
    </div>
  );
}

export function PremiumCancel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const support = useClientConfig()?.supportEmail ?? "support@tabi.app";
  return (
    <div className={card}>
      <XCircle className="mx-auto size-12 text-slate-400" aria-hidden />
      <h2 className="mt-3 text-xl font-semibold">{t("billing:cancel.title")}</h2>
      <p className="mt-1 text-slate-500">{t("billing:cancel.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button onClick={() => navigate("/")}>{t("billing:cancel.backHome")}</Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {t("common:action.tryAgain")}
        </Button>
      </div>
      <p className="mt-4 text-sm text-slate-500">
        <Trans
          i18nKey="billing:cancel.questions"
          components={{
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the words inside
            mail: <a className="text-brand-700 underline dark:text-brand-100" href={`mailto:${support}`} />,
          }}
        />
      </p>
    </div>
  );
}
