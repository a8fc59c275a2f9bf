import {
  type ChatAttachment,
  type ChatMessage,
  MAX_MESSAGE_LENGTH,
  TYPING_REPEAT_MS,
  type Upload,
} from "@tabi/contracts";
import { BarChart3, ImagePlus, MapPin, SendHorizontal } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatPercent } from "../../i18n/format";
import { preloadable } from "../../lib/preloadable";
import { realtime } from "../../lib/realtime";
import { checkImageFile, type ImageFileProblem, uploadImage } from "../../lib/upload";
import { useEditMessage, useSendMessage } from "./api";
import { useChat } from "./context";
import { draftOf, keepDraft, returnToDraft } from "./drafts";
import { failureText } from "./errors";
import { PlacePicker } from "./PlacePicker";
import { QuoteBar } from "./QuoteBar";

// "New poll" loads the polls code and catalogue when opened (issue 30).
const ChatNewPoll = preloadable(() => import("../polls/ChatPoll").then((m) => m.ChatNewPoll));

/** The server's own words for what its upload refuses, said before sending. */
const PROBLEM = {
  notImage: "server:uploads.notImage",
  tooLarge: "server:uploads.tooLarge",
} as const satisfies Record<ImageFileProblem, string>;
// i18n-exempt: keyboard key names, never shown
const KEY = { enter: "Enter", escape: "Escape" } as const;
const iconButton =
  "shrink-0 rounded-full p-2 text-slate-500 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800";

/**
 * "Type a message...": Enter sends, Shift+Enter starts a new line; a photo or a place can be sent too.
 * Sending is disabled while the text is blank or a photo uploads (spec 5). A failed send gives the
 * text back (spec 4). Also edits one's own message, and answers one (the quote bar above).
 */
export function Composer({
  replyTo,
  editing,
  onDone,
}: {
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  /** The reply was sent or the edit saved or cancelled. */
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { tripId } = useChat();
  const send = useSendMessage(tripId);
  const edit = useEditMessage(tripId);
  const [text, setText] = useState(() => draftOf(tripId));
  const [progress, setProgress] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const [polling, setPolling] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const uploading = progress !== null;
  // Left with text in the box, Chat opens again with it; a send that fails after leaving returns there.
  const mounted = useRef(false);
  const unsent = useRef(text);
  unsent.current = editing ? "" : text;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      keepDraft(tripId, unsent.current);
    };
  }, [tripId]);

  useEffect(() => {
    if (editing) setText(editing.content ?? "");
    if (editing || replyTo) box.current?.focus();
  }, [editing, replyTo]);

  // Grows with its text up to a few lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  function typed(value: string) {
    setText(value);
    const now = Date.now();
    if (value.trim() && !editing && now - lastTyping.current > TYPING_REPEAT_MS) {
      lastTyping.current = now;
      realtime.typing(tripId);
    }
  }

  function sendMessage(parts: { content?: string; image?: Upload; attachment?: ChatAttachment }) {
    const restore = parts.content;
    lastTyping.current = 0;
    // Each send answers for itself (mutate's own callbacks would fire for the last one only).
    send.mutateAsync({ clientId: crypto.randomUUID(), replyTo, ...parts }).catch((err) => {
      if (restore && mounted.current) setText((now) => (now.trim() ? `${restore}\n${now}` : restore));
      else if (restore) returnToDraft(tripId, restore);
      toast.error(failureText(err, t("chat:errors.sendFailed")));
    });
    onDone();
  }

  function submit() {
    const content = text.trim();
    if (!content || uploading) return;
    if (editing) {
      setText("");
      onDone();
      if (content !== editing.content)
        edit
          .mutateAsync({ id: editing.id, content })
          .catch((err) => toast.error(failureText(err, t("chat:errors.editFailed"))));
      return;
    }
    setText("");
    sendMessage({ content });
  }

  async function sendPhoto(chosen: File | undefined) {
    if (file.current) file.current.value = "";
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    if (problem) return void toast.error(t(PROBLEM[problem]));
    setProgress(0);
    try {
      const image = await uploadImage(tripId, chosen, { purpose: "chat", onProgress: setProgress });
      sendMessage({ image });
    } catch (err) {
      toast.error(failureText(err, t("chat:errors.uploadFailed")));
    } finally {
      setProgress(null);
    }
  }

  const quoted = editing ?? replyTo;
  return (
    <div className="border-t border-slate-200 bg-white/95 px-2 pt-2 pb-2 dark:border-slate-800 dark:bg-slate-900/95">
      {quoted ? (
        <QuoteBar
          quoted={quoted}
          editing={Boolean(editing)}
          onCancel={() => {
            if (editing) setText("");
            onDone();
          }}
        />
      ) : null}
      {uploading ? (
        <div className="mb-2 flex items-center gap-2 px-1 text-xs text-slate-600 dark:text-slate-300">
          <span>{t("chat:composer.uploading", { percent: formatPercent(progress) })}</span>
          <progress
            max={1}
            value={progress}
            aria-label={t("chat:composer.uploadProgress")}
            className="h-1.5 flex-1 overflow-hidden rounded-full accent-brand-600"
          />
        </div>
      ) : null}
      <div className="flex items-end gap-1">
        {editing ? null : (
          <>
            <button
              type="button"
              className={iconButton}
              aria-label={t("chat:composer.photo")}
              title={t("chat:composer.photo")}
              disabled={uploading}
              onClick={() => file.current?.click()}
            >
              <ImagePlus className="size-5" aria-hidden />
            </button>
            <input
              ref={file}
              type="file"
              accept="image/*"
              className="hidden"
              data-testid="chat-photo-input"
              onChange={(e) => void sendPhoto(e.target.files?.[0])}
            />
            <button
              type="button"
              className={iconButton}
              aria-label={t("chat:composer.place")}
              title={t("chat:composer.place")}
              onClick={() => setPicking(true)}
            >
              <MapPin className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={t("chat:composer.poll")}
              title={t("chat:composer.poll")}
              onClick={() => ChatNewPoll.whenLoaded(() => setPolling(true))}
            >
              <BarChart3 className="size-5" aria-hidden />
            </button>
          </>
        )}
        <textarea
          ref={box}
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is not a send.
            if (e.key === KEY.enter && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            } else if (e.key === KEY.escape && (editing || replyTo)) {
              if (editing) setText("");
              onDone();
            }
          }}
          placeholder={t("chat:composer.placeholder")}
          aria-label={t("chat:composer.label")}
          className="max-h-36 min-h-10 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-3 py-2 text-[15px] leading-snug outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950"
        />
        <button
          type="button"
          onClick={submit}
          disabled={!text.trim() || uploading}
          aria-label={t(editing ? "common:action.save" : "chat:composer.send")}
          className="shrink-0 rounded-full bg-brand-700 p-2.5 text-white shadow-sm hover:bg-brand-800 disabled:bg-slate-200 disabled:text-slate-400 disabled:shadow-none dark:disabled:bg-slate-800 dark:disabled:text-slate-500"
        >
          <SendHorizontal className="size-5" aria-hidden />
        </button>
      </div>
      {polling ? (
        <Suspense fallback={null}>
          <ChatNewPoll
            tripId={tripId}
            onClose={() => setPolling(false)}
            onCreated={(poll) => sendMessage({ attachment: { kind: "poll", pollId: poll.id } })}
          />
        </Suspense>
      ) : null}
      {picking ? (
        <PlacePicker
          onClose={() => setPicking(false)}
          onPick={(attachment) => {
            setPicking(false);
            sendMessage({ attachment });
          }}
        />
      ) : null}
    </div>
  );
}
