import type { ChatMessage } from "@tabi/contracts";
import { ArrowDown, MessageCircle } from "lucide-react";
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { senderOf, useChat } from "./context";
import { dayKey, dayLabel } from "./days";
import { MessageItem } from "./MessageItem";
import { receiptShown } from "./receipts";

/** Within this many pixels of the end counts as "at the newest message". */
const NEAR_BOTTOM = 80;
/** Older messages load once the list is scrolled this close to its top. */
const NEAR_TOP = 200;
/** A pause longer than this starts a new run (name and avatar again). */
const RUN_GAP_MS = 5 * 60_000;

/**
 * The messages, newest last. Opens at the newest; keeps the reader's place when older messages load
 * above and when new ones arrive while scrolled up (a "New messages" pill then leads down); follows
 * new messages when at the end, and always after one's own. Reports the newest message scrolled into
 * view, for the read cursor.
 */
export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  loadOlder,
  onSeen,
}: {
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  onSeen(num: number): void;
}) {
  const { t } = useTranslation();
  const { meId, members, cursors } = useChat();
  const receipts = useMemo(
    () => receiptShown(messages, meId, cursors, [...members.keys()]),
    [messages, meId, cursors, members],
  );
  const ref = useRef<HTMLDivElement>(null);
  const snap = useRef({ first: "", last: "", height: 0, top: 0, atBottom: true });
  const [newBelow, setNewBelow] = useState(false);

  /** The newest stored message whose top is above the list's bottom edge. */
  const reportSeen = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const bottom = el.getBoundingClientRect().bottom;
    const items = el.querySelectorAll<HTMLElement>("[data-num]");
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!;
      if (item.getBoundingClientRect().top < bottom - 8) return onSeen(Number(item.dataset.num));
    }
  }, [onSeen]);

  const record = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    Object.assign(snap.current, { height: el.scrollHeight, top: el.scrollTop, atBottom });
    if (atBottom) setNewBelow(false);
  }, []);

  const toBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const s = snap.current;
    const first = messages[0]?.id ?? "";
    const last = messages.at(-1);
    if (!s.last)
      toBottom(); // opened: at the newest
    else if (first !== s.first && last?.id === s.last) el.scrollTop = s.top + (el.scrollHeight - s.height);
    else if (last && last.id !== s.last) {
      if (s.atBottom || last.userId === meId) toBottom();
      else setNewBelow(true);
    } else if (s.atBottom) toBottom(); // an edit or a reaction grew the last message
    s.first = first;
    s.last = last?.id ?? "";
    record();
    reportSeen();
  }, [messages, meId, toBottom, record, reportSeen]);

  // The list's own size changes (the composer grows, a phone keyboard opens): stay at the newest.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (snap.current.atBottom) toBottom();
      record();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [toBottom, record]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    record();
    reportSeen();
    if (el.scrollTop < NEAR_TOP && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={ref}
        onScroll={onScroll}
        role="log"
        aria-label={t("chat:list.label")}
        className="h-full overflow-y-auto overscroll-contain px-3 pt-2 pb-3 [overflow-anchor:none]"
      >
        {hasOlder ? (
          <div className="flex justify-center py-2">
            {loadingOlder ? (
              <Spinner className="size-5" label={t("common:status.loading")} />
            ) : (
              <Button variant="ghost" size="sm" onClick={loadOlder}>
                {t("chat:list.loadEarlier")}
              </Button>
            )}
          </div>
        ) : null}
        {messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-slate-500 dark:text-slate-400">
            <MessageCircle className="size-10 text-brand-500" aria-hidden />
            <p className="font-semibold text-slate-700 dark:text-slate-200">{t("chat:list.empty")}</p>
            <p className="max-w-xs text-sm">{t("chat:list.emptyHint")}</p>
          </div>
        ) : (
          messages.map((m, i) => {
            const prev = messages[i - 1];
            const newDay = !prev || dayKey(prev.createdAt) !== dayKey(m.createdAt);
            const first =
              newDay ||
              prev.userId !== m.userId ||
              Date.parse(m.createdAt) - Date.parse(prev.createdAt) > RUN_GAP_MS;
            return (
              <Fragment key={m.clientId ?? m.id}>
                {newDay ? (
                  <div className="sticky top-0 z-10 my-3 flex justify-center" role="separator">
                    <span className="rounded-full bg-slate-200/90 px-3 py-0.5 text-xs font-medium text-slate-600 backdrop-blur dark:bg-slate-800/90 dark:text-slate-300">
                      {dayLabel(m.createdAt)}
                    </span>
                  </div>
                ) : null}
                <MessageItem
                  message={m}
                  sender={senderOf(m, members)}
                  mine={m.userId === meId}
                  first={first}
                  receipt={receipts.has(m.id)}
                />
              </Fragment>
            );
          })
        )}
      </div>
      {newBelow ? (
        <button
          type="button"
          onClick={() => {
            ref.current?.scrollTo({ top: ref.current.scrollHeight, behavior: "smooth" });
            setNewBelow(false);
          }}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-700 px-3 py-1.5 text-sm font-medium text-white shadow-lg hover:bg-brand-800"
        >
          <ArrowDown className="size-4" aria-hidden /> {t("chat:list.newMessages")}
        </button>
      ) : null}
    </div>
  );
}
