import type { ChatMessage, Member, Place, ReactionName } from "@tabi/contracts";
import { MessageCircle } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { FullPageSpinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { usePlaces } from "../places/api";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { NoTripSelected } from "../trips/NoTripSelected";
import { useCanAddPlacesNow } from "../trips/useDeadline";
import { useChatHistory, useDeleteMessage, useToggleReaction } from "./api";
import { ChatHeader } from "./ChatHeader";
import { Composer } from "./Composer";
import { allMessages, readCursors } from "./cache";
import { ChatContext, type ChatContextValue } from "./context";
import { failureText } from "./errors";
import { usePresence } from "./live";
import { MessageList } from "./MessageList";
import { useReadMarker } from "./readMarker";

/** /my-trip/chat: the current trip's group chat (spec 2 'Chat screen', issue 14). */
export default function ChatScreen() {
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  if (!tripId || !me) return <NoTripSelected />;
  return <TripChat tripId={tripId} meId={me.id} />;
}

function TripChat({ tripId, meId }: { tripId: string; meId: string }) {
  const { t } = useTranslation();
  const trip = useTrip(tripId);
  const canAddPlaces = useCanAddPlacesNow(trip.data?.trip);
  const history = useChatHistory(tripId);
  const places = usePlaces(tripId).data?.places;
  const react = useToggleReaction(tripId, meId);
  const del = useDeleteMessage(tripId);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const height = useFillHeight();

  const messages = useMemo(() => allMessages(history.data), [history.data]);
  const cursors = useMemo(() => readCursors(history.data), [history.data]);
  const onSeen = useReadMarker(tripId, cursors.get(meId) ?? 0);
  useCatchUpOnSubscribe(tripId, history.refetch);
  const detail = trip.data;

  const onReact = useCallback(
    (m: ChatMessage, reaction: ReactionName) =>
      react
        .mutateAsync({ messageId: m.id, reaction })
        .catch((err) => toast.error(failureText(err, t("chat:errors.reactionFailed")))),
    [react.mutateAsync, t],
  );
  const context = useMemo<ChatContextValue | null>(
    () =>
      detail
        ? {
            tripId,
            meId,
            isAdmin: detail.trip.my.role === "admin",
            canAddPlaces,
            members: new Map<string, Member>(detail.members.map((m) => [m.userId, m])),
            memberCount: detail.members.length,
            cursors,
            places: new Map<string, Place>((places ?? []).map((p) => [p.id, p])),
            reply: (m) => {
              setEditing(null);
              setReplyTo(m);
            },
            edit: (m) => {
              setReplyTo(null);
              setEditing(m);
            },
            remove: setDeleting,
            react: onReact,
          }
        : null,
    [detail, tripId, meId, cursors, places, onReact, canAddPlaces],
  );

  if (trip.isPending || (history.isPending && !history.isError)) return <FullPageSpinner />;
  // The remembered trip is gone (deleted, or no longer ours): as if none were chosen.
  if (trip.error instanceof ApiError && trip.error.status === 404) return <NoTripSelected />;
  if (trip.isError || history.isError || !context)
    return (
      <EmptyState
        icon={MessageCircle}
        title={t("server:messages.genericErrorTitle")}
        text={t("chat:errors.loadFailed")}
      >
        <Button
          variant="secondary"
          onClick={() => {
            void trip.refetch();
            void history.refetch();
          }}
        >
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );

  return (
    <ChatContext.Provider value={context}>
      <section
        ref={height.ref}
        style={{ height: height.value }}
        className="-mb-6 flex min-h-80 flex-col overflow-hidden rounded-3xl bg-slate-50/90 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800"
      >
        {detail ? <ChatHeader detail={detail} /> : null}
        <MessageList
          messages={messages}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          loadOlder={() => void history.fetchNextPage()}
          onSeen={onSeen}
        />
        <Composer
          replyTo={replyTo}
          editing={editing}
          onDone={() => {
            setReplyTo(null);
            setEditing(null);
          }}
        />
      </section>
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("chat:actions.deleteTitle")}
        text={t("chat:actions.deleteText")}
        confirmLabel={t("common:action.delete")}
        busy={del.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
            setDeleting(null);
          } catch (err) {
            toast.error(failureText(err, t("chat:errors.deleteFailed")));
          }
        }}
      />
    </ChatContext.Provider>
  );
}

/**
 * Events reach the cache only once the trip's channel is subscribed (the shell subscribes when the
 * trip is known): what was sent between the first read and then is read again. Presence arrives
 * with every subscription, so its first list (after none) marks the moment.
 */
function useCatchUpOnSubscribe(tripId: string, refetch: () => Promise<unknown>) {
  const live = usePresence(tripId).length > 0;
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) void refetch();
    wasLive.current = live;
  }, [live, refetch]);
}

/**
 * The chat fills the window from where it starts down to the bottom navigation, so only its list
 * scrolls. (The shell keeps 6rem under every screen for the navigation: the section's -mb-6 takes
 * back what this height leaves unused, so the page itself never scrolls.)
 */
function useFillHeight() {
  const ref = useRef<HTMLElement>(null);
  const [value, setValue] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      // 4.5rem: the bottom navigation (4rem) and a little air.
      setValue(`calc(100dvh - ${Math.round(top)}px - 4.5rem - env(safe-area-inset-bottom))`);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  });
  return { ref, value };
}
