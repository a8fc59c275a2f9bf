import { FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { type IcsDraft, IcsError, type IcsErrorCode, type IcsKind, parseIcs } from "./ics";

const ERROR_KEY: Record<IcsErrorCode, string> = {
  tooLarge: "bookings:import.error.tooLarge",
  unreadable: "bookings:import.error.unreadable",
  noEvent: "bookings:import.error.noEvent",
};
/** Said when the file is another kind of booking than the dialog's. */
const OTHER_KIND_KEY: Record<IcsKind, string> = {
  flight: "bookings:import.otherKind.flight",
  hotel: "bookings:import.otherKind.hotel",
  transport: "bookings:import.otherKind.transport",
};

/**
 * 'Import from confirmation (.ics)' (issue 17 item 6): reads the file in the browser (ical.js loads on
 * the first file chosen) and hands the
 * draft to the form, which the user checks before saving; says what was read and what to check.
 */
export function IcsImportButton({ expected, onDraft }: { expected: IcsKind; onDraft(d: IcsDraft): void }) {
  const { t } = useTranslation(["bookings"]);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: "ok" | "error"; lines: string[] } | null>(null);

  async function read(file: File) {
    setBusy(true);
    setNote(null);
    try {
      const draft = await parseIcs(await file.text());
      onDraft(draft);
      const lines = [t("bookings:import.filled", { title: draft.title || file.name })];
      if (draft.kind !== expected) lines.push(t(OTHER_KIND_KEY[draft.kind]));
      if (draft.utcTimes) lines.push(t("bookings:import.utcTimes"));
      setNote({ tone: "ok", lines });
    } catch (err) {
      const code = err instanceof IcsError ? err.code : "unreadable";
      setNote({ tone: "error", lines: [t(ERROR_KEY[code])] });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = ""; // the same file can be chosen again
    }
  }

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept=".ics,text/calendar"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
        }}
      />
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        <FileUp className="size-4" aria-hidden />
        {t(busy ? "bookings:import.reading" : "bookings:import.button")}
      </Button>
      {note ? (
        <div
          role={note.tone === "error" ? "alert" : "status"}
          className={
            note.tone === "error"
              ? "rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300"
              : "rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-brand-100"
          }
        >
          {note.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
