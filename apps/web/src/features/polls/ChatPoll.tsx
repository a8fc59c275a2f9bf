import type { Poll } from "@tabi/contracts";
import { BarChart3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../ui/Spinner";
import { usePoll } from "./api";
import { NewPollDialog } from "./NewPollDialog";
import { PollCard } from "./PollCard";

// What the chat loads of polls when it needs them (a poll card in the list, the composer's "Poll"):
// this module and the polls catalogue, not with the chat's own code.

const placeholder =
  "mt-1 flex w-72 max-w-full items-center gap-2 rounded-2xl bg-white p-3 text-sm text-slate-500 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-700";

/** A poll shared in a message: live results, votes inline. */
export default function ChatPoll({ tripId, pollId }: { tripId: string; pollId: string }) {
  const { t, ready } = useTranslation("polls");
  const poll = usePoll(tripId, pollId);
  if (!ready || poll.isPending)
    return (
      <div className={placeholder}>
        <Spinner className="size-4" />
      </div>
    );
  if (!poll.data)
    return (
      <p className={`${placeholder} italic`}>
        <BarChart3 className="size-4 shrink-0" aria-hidden /> {t("polls:gone")}
      </p>
    );
  return <PollCard tripId={tripId} poll={poll.data} compact />;
}

/** The composer's "New poll": the dialog once the polls catalogue is here. */
export function ChatNewPoll({
  tripId,
  onClose,
  onCreated,
}: {
  tripId: string;
  onClose(): void;
  onCreated(poll: Poll): void;
}) {
  const { ready } = useTranslation("polls");
  return ready ? <NewPollDialog tripId={tripId} onClose={onClose} onCreated={onCreated} /> : null;
}
