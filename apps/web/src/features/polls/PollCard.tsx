import type { Member, Poll } from "@tabi/contracts";
import { BarChart3, Check, Lock, MapPin, Plus, Trophy } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { serverText } from "../../i18n";
import { formatDateTime, formatNumber } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { useTrip } from "../trips/api";
import { useAddWinner, useClosePoll, useVote } from "./api";

/** The server's words for a refusal it explains (4xx), else the screen's own text. */
export const failureText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message
    ? serverText(err.message)
    : fallback;

const GREY = "#94a3b8";

/**
 * A poll with its live results: members vote by tapping an option (again to take it back; several
 * in a multiple-choice poll) until it closes. Its creator or an admin closes it; a closed poll over
 * places adds its winner to the trip (a tie: the closer picks which). The same card on the Polls
 * screen and in the chat (`compact`).
 */
export function PollCard({
  tripId,
  poll,
  compact = false,
}: {
  tripId: string;
  poll: Poll;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const members = useTrip(tripId).data?.members;
  const byId = useMemo(() => new Map((members ?? []).map((m) => [m.userId, m])), [members]);
  const vote = useVote(tripId, poll.id);
  const close = useClosePoll(tripId);
  const winner = useAddWinner(tripId);
  const mine = new Set(poll.myVotes);
  const leading = new Set(poll.leading);
  const tie = poll.leading.length > 1;

  function choose(optionId: string) {
    if (poll.closed) return;
    const next = poll.multiple
      ? mine.has(optionId)
        ? poll.myVotes.filter((id) => id !== optionId)
        : [...poll.myVotes, optionId]
      : mine.has(optionId)
        ? []
        : [optionId];
    vote.mutate(next, { onError: (err) => toast.error(failureText(err, t("polls:errors.voteFailed"))) });
  }

  async function closePoll() {
    try {
      await close.mutateAsync(poll.id);
    } catch (err) {
      toast.error(failureText(err, t("polls:errors.closeFailed")));
    }
  }

  async function addWinner(optionId?: string) {
    try {
      const answer = await winner.mutateAsync({ pollId: poll.id, ...(optionId ? { optionId } : {}) });
      const label = answer.poll.options.find((o) => o.placeId === answer.placeId)?.label ?? "";
      toast.success(t("polls:winner.added", { name: label }));
      if (answer.skipped.length > 0)
        toast.info(
          t("polls:winner.skipped", {
            names: answer.skipped.map((id) => byId.get(id)?.name ?? t("polls:formerMember")).join(", "),
          }),
        );
    } catch (err) {
      toast.error(failureText(err, t("polls:errors.winnerFailed")));
    }
  }

  const meta = [
    poll.createdBy ? t("polls:by", { name: poll.createdBy.name }) : null,
    poll.multiple ? t("polls:multiple") : null,
    poll.anonymous ? t("polls:anonymous") : null,
  ].filter(Boolean);

  return (
    <article
      className={cn(
        "rounded-2xl bg-white text-left text-slate-900 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700",
        compact ? "mt-1 w-72 max-w-full p-3" : "p-4",
      )}
      aria-label={poll.question}
      data-testid="poll-card"
    >
      <header className="flex items-start gap-2">
        <BarChart3 className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold leading-snug break-words" data-user-content>
            {poll.question}
          </h3>
          {meta.length ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              <span data-user-content>{meta.join(" · ")}</span>
            </p>
          ) : null}
        </div>
        {poll.closed ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Lock className="size-3" aria-hidden />
            {t("polls:closed")}
          </span>
        ) : null}
      </header>

      <div role="group" aria-label={poll.question} className="mt-3 space-y-2">
        {poll.options.map((o) => {
          const chosen = mine.has(o.id);
          const share = poll.voters > 0 ? o.votes / poll.voters : 0;
          const top = poll.closed && leading.has(o.id);
          return (
            <button
              key={o.id}
              type="button"
              aria-pressed={chosen}
              aria-disabled={poll.closed}
              onClick={() => choose(o.id)}
              className={cn(
                "relative block w-full overflow-hidden rounded-xl px-3 py-2 text-left ring-1 transition-colors",
                chosen ? "ring-2 ring-brand-600 dark:ring-brand-400" : "ring-slate-200 dark:ring-slate-700",
                poll.closed ? "cursor-default" : "hover:bg-slate-50 dark:hover:bg-slate-800/60",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "absolute inset-y-0 left-0 transition-[width] duration-300",
                  top ? "bg-amber-200/70 dark:bg-amber-500/25" : "bg-brand-100/80 dark:bg-brand-900/50",
                )}
                style={{ width: `${Math.round(share * 100)}%` }}
              />
              <span className="relative flex items-center gap-2">
                <span
                  aria-hidden
                  className={cn(
                    "flex size-4 shrink-0 items-center justify-center border",
                    poll.multiple ? "rounded" : "rounded-full",
                    chosen
                      ? "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950"
                      : "border-slate-400 dark:border-slate-500",
                  )}
                >
                  {chosen ? <Check className="size-3" strokeWidth={3} /> : null}
                </span>
                {o.placeId || o.candidate ? (
                  <MapPin className="size-3.5 shrink-0 text-slate-500" aria-hidden />
                ) : null}
                <span className="min-w-0 flex-1 truncate text-sm font-medium" data-user-content>
                  {o.label}
                </span>
                {top ? <Trophy className="size-3.5 shrink-0 text-amber-600" aria-hidden /> : null}
                <span className="shrink-0 text-sm tabular-nums" data-testid="poll-option-votes">
                  {formatNumber(o.votes)}
                </span>
              </span>
              {o.voters && o.voters.length > 0 ? (
                <span className="relative mt-1 flex flex-wrap gap-1 pl-6">
                  {o.voters.map((id) => (
                    <Voter key={id} member={byId.get(id)} fallback={t("polls:formerMember")} />
                  ))}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      <footer className="mt-3 space-y-2 text-xs text-slate-500 dark:text-slate-400">
        <p>
          {t("polls:voters", { count: poll.voters })}
          {poll.closed && poll.closedAt
            ? ` · ${t("polls:closedAt", { when: formatDateTime(poll.closedAt) })}`
            : poll.closesAt
              ? ` · ${t("polls:closesAt", { when: formatDateTime(poll.closesAt) })}`
              : ""}
        </p>
        {poll.closed ? <Outcome poll={poll} /> : null}
        <div className="flex flex-wrap gap-2">
          {!poll.closed && poll.canManage ? (
            <Button size="sm" variant="secondary" disabled={close.isPending} onClick={closePoll}>
              <Lock className="size-3.5" aria-hidden />
              {t("polls:close")}
            </Button>
          ) : null}
          {poll.closed && poll.kind === "places" && poll.winnerPlaceId ? (
            <Link
              to="/my-trip/my-places"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
            >
              <Check className="size-4" aria-hidden />
              {t("polls:winner.inTrip")}
            </Link>
          ) : poll.closed && poll.kind === "places" && poll.canManage && poll.leading.length > 0 ? (
            tie ? (
              poll.options
                .filter((o) => leading.has(o.id))
                .map((o) => (
                  <Button key={o.id} size="sm" disabled={winner.isPending} onClick={() => addWinner(o.id)}>
                    <Plus className="size-3.5" aria-hidden />
                    <span className="max-w-48 truncate">{t("polls:winner.addThis", { name: o.label })}</span>
                  </Button>
                ))
            ) : (
              <Button size="sm" disabled={winner.isPending} onClick={() => addWinner()}>
                <Plus className="size-3.5" aria-hidden />
                {t("polls:winner.add")}
              </Button>
            )
          ) : null}
        </div>
      </footer>
    </article>
  );
}

/** What a closed poll decided: its winner, a tie, or nothing. */
function Outcome({ poll }: { poll: Poll }) {
  const { t } = useTranslation();
  const names = poll.options.filter((o) => poll.leading.includes(o.id)).map((o) => o.label);
  const text =
    names.length === 0
      ? t("polls:outcome.none")
      : names.length === 1
        ? t("polls:outcome.winner", { name: names[0] })
        : t("polls:outcome.tie", { names: names.join(", ") });
  return (
    <p
      className="flex items-center gap-1.5 text-sm font-medium text-slate-800 dark:text-slate-100"
      data-testid="poll-outcome"
    >
      <Trophy className="size-4 shrink-0 text-amber-600" aria-hidden />
      <span data-user-content>{text}</span>
    </p>
  );
}

function Voter({ member, fallback }: { member: Member | undefined; fallback: string }) {
  const name = member?.name ?? fallback;
  return (
    <span
      className="inline-flex max-w-32 items-center gap-1 rounded-full bg-white/80 px-1.5 py-0.5 text-[11px] text-slate-700 ring-1 ring-slate-200 dark:bg-slate-950/60 dark:text-slate-200 dark:ring-slate-700"
      title={name}
    >
      <span
        aria-hidden
        className="size-2 shrink-0 rounded-full"
        style={{ background: member?.color ?? GREY }}
      />
      <span className="truncate" data-user-content>
        {name}
      </span>
    </span>
  );
}
