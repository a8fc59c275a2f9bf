import { BarChart3, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { useMe } from "../auth/session";
import { PendingScreen } from "../offline/PendingScreen";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { NoTripSelected } from "../trips/NoTripSelected";
import { usePolls } from "./api";
import { NewPollDialog } from "./NewPollDialog";
import { PollCard } from "./PollCard";

/** /my-trip/polls: the current trip's polls, open ones first, and "New poll" (issue 30 item 1). */
export default function PollsScreen() {
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  if (!tripId || !me) return <NoTripSelected />;
  return <TripPolls tripId={tripId} />;
}

function TripPolls({ tripId }: { tripId: string }) {
  const { t } = useTranslation();
  const trip = useTrip(tripId);
  const polls = usePolls(tripId);
  const [creating, setCreating] = useState(false);

  if (trip.isPending || polls.isPending) return <PendingScreen reads={[trip, polls]} />;
  if (trip.isError || polls.isError || !trip.data || !polls.data)
    return (
      <EmptyState
        icon={BarChart3}
        title={t("server:messages.genericErrorTitle")}
        text={t("polls:loadFailed")}
      >
        <Button variant="secondary" onClick={() => void Promise.all([trip.refetch(), polls.refetch()])}>
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );

  const open = polls.data.polls.filter((p) => !p.closed);
  const closed = polls.data.polls.filter((p) => p.closed);
  const newPoll = (
    <Button onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden />
      {t("polls:new.open")}
    </Button>
  );

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center gap-3 rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        <div className="min-w-[min(100%,14rem)] flex-1">
          <h2 className="truncate text-xl font-bold tracking-tight" data-user-content>
            {trip.data.trip.name}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("polls:subtitle")}</p>
        </div>
        {newPoll}
      </header>

      {polls.data.polls.length === 0 ? (
        <EmptyState icon={BarChart3} title={t("polls:emptyTitle")} text={t("polls:emptyText")}>
          {newPoll}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section aria-labelledby="polls-open" className="space-y-3">
            <h3 id="polls-open" className="text-base font-semibold">
              {t("polls:open", { n: open.length })}
            </h3>
            {open.length === 0 ? (
              <p className="rounded-2xl bg-white/60 p-4 text-sm text-slate-500 ring-1 ring-slate-200 dark:bg-slate-900/60 dark:text-slate-400 dark:ring-slate-800">
                {t("polls:noneOpen")}
              </p>
            ) : (
              open.map((p) => <PollCard key={p.id} tripId={tripId} poll={p} />)
            )}
          </section>
          <section aria-labelledby="polls-closed" className="space-y-3">
            <h3 id="polls-closed" className="text-base font-semibold">
              {t("polls:closedList", { n: closed.length })}
            </h3>
            {closed.length === 0 ? (
              <p className="rounded-2xl bg-white/60 p-4 text-sm text-slate-500 ring-1 ring-slate-200 dark:bg-slate-900/60 dark:text-slate-400 dark:ring-slate-800">
                {t("polls:noneClosed")}
              </p>
            ) : (
              closed.map((p) => <PollCard key={p.id} tripId={tripId} poll={p} />)
            )}
          </section>
        </div>
      )}
      {creating ? <NewPollDialog tripId={tripId} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
