import type { ShareType } from "@tabi/contracts";
import { Link2, Share2, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { useMe } from "../auth/session";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { dateRange } from "../trips/format";
import { InviteCard } from "../trips/InviteCard";
import { ShareAnalyticsCard } from "./ShareAnalyticsCard";
import { ShareCard } from "./ShareCard";
import { ShareLinkCard } from "./ShareLinkCard";
import { ShareMembers } from "./ShareMembers";

/** /my-trip/share: "Share Trip" (the header's title), the share link, the invitation code, the members. */
export default function ShareScreen() {
  const { t } = useTranslation();
  const [tripId] = useCurrentTripId();
  if (!tripId)
    return (
      <EmptyState icon={Share2} title={t("share:noTrip.title")} text={t("share:noTrip.text")}>
        <Link
          to="/"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("share:noTrip.goHome")}
        </Link>
      </EmptyState>
    );
  return <TripShare tripId={tripId} />;
}

function TripShare({ tripId }: { tripId: string }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const trip = useTrip(tripId);
  const [type, setType] = useState<ShareType>("external_view");

  if (trip.isError)
    return (
      <EmptyState icon={Share2} title={t("share:loadFailed.title")} text={trip.error.message}>
        <Button variant="secondary" onClick={() => trip.refetch()}>
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );

  const detail = trip.data;
  const my = detail?.trip.my;
  // The server decides (403 otherwise); the screen only avoids offering what would be refused.
  const canShare = my ? my.role === "admin" || my.canInviteMembers : undefined;
  const owner = detail?.members.find((m) => m.isOwner);
  const isPremium = Boolean(me?.isPremium);

  return (
    <div className="space-y-4">
      {detail ? (
        <div className="px-1">
          <h2 className="truncate text-xl font-bold tracking-tight">{detail.trip.name}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {dateRange(detail.trip.startDate, detail.trip.endDate)}
          </p>
        </div>
      ) : null}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div className="space-y-4">
          {canShare === undefined ? (
            <ShareCard icon={Link2} title={t("share:link.title")}>
              <p role="status" className="text-sm text-slate-500">
                {t("share:link.generating")}
              </p>
            </ShareCard>
          ) : canShare ? (
            <>
              <ShareLinkCard
                tripId={tripId}
                tripName={detail?.trip.name ?? ""}
                type={type}
                onTypeChange={setType}
                isPremium={isPremium}
              />
              <ShareAnalyticsCard tripId={tripId} type={type} isPremium={isPremium} />
            </>
          ) : (
            <ShareCard icon={ShieldAlert} title={t("share:restricted.title")}>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t("server:sharing.noSharePermission")}
              </p>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                {owner
                  ? t("share:restricted.askOwner", { name: owner.name })
                  : t("share:restricted.askAdmin")}
              </p>
            </ShareCard>
          )}
        </div>
        <div className="space-y-4">
          {canShare ? (
            <section className="rounded-3xl bg-white/90 p-2 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
              <InviteCard tripId={tripId} />
            </section>
          ) : null}
          <ShareMembers members={detail?.members} meId={me?.id} />
        </div>
      </div>
    </div>
  );
}
