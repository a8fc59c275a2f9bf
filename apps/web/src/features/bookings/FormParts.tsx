import { ExternalLink, Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { Field, Input, TextArea } from "../../ui/Field";
import type { SearchLink } from "./searchLinks";

// i18n-exempt: link attributes, never shown: an outside page opens in a new tab without our window
export const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;
// i18n-exempt: the start of any web address, the same in every language
export const LINK_PLACEHOLDER = "https://";

/** 1 … max, in the language's digits. */
export function PeopleOptions({ max }: { max: number }) {
  return (
    <>
      {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
        <option key={n} value={n}>
          {formatNumber(n)}
        </option>
      ))}
    </>
  );
}

/** Cancel (leaves edit mode, resets the form) and Save / Update. */
export function FormButtons({
  saving,
  editing,
  disabled,
  onCancel,
}: {
  saving: boolean;
  editing: boolean;
  disabled?: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation(["bookings"]);
  return (
    <div className="flex justify-end gap-2 pt-1">
      <Button variant="ghost" onClick={onCancel} disabled={saving}>
        {t("common:action.cancel")}
      </Button>
      <Button type="submit" disabled={saving || disabled}>
        {t(saving ? "common:status.saving" : editing ? "bookings:form.update" : "bookings:form.save")}
      </Button>
    </div>
  );
}

/** Real search sites, each in a new tab; the note says we show no fares of our own. */
export function SearchLinks({
  links,
  missing,
  onAdd,
}: {
  links: SearchLink[];
  /** Why the links cannot be made yet (an airport or a date is missing), or null. */
  missing: string | null;
  onAdd(): void;
}) {
  const { t } = useTranslation(["bookings"]);
  return (
    <div className="space-y-3">
      {missing ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{missing}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {links.map((l) => (
            <li key={l.site}>
              <a
                href={l.url}
                {...NEW_TAB}
                className="flex h-11 items-center justify-center gap-2 rounded-xl bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700"
              >
                {l.site}
                <ExternalLink className="size-4 text-slate-500" aria-hidden />
                <span className="sr-only">{t("bookings:search.newTab")}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
        <div className="space-y-2">
          <p>{t("bookings:search.note")}</p>
          <Button variant="secondary" size="sm" onClick={onAdd}>
            {t("bookings:search.addHere")}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The saved bookings could not be loaded: say so, offer another try. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation(["bookings"]);
  return (
    <div role="alert" className="space-y-2 text-center text-sm text-slate-600 dark:text-slate-300">
      <p>{t("bookings:list.loadFailed")}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("common:action.retry")}
      </Button>
    </div>
  );
}

/** The booking page's link and the notes: the last fields of every booking form. */
export function LinkAndNotes({
  link,
  notes,
  linkError,
  notesError,
  onLink,
  onNotes,
}: {
  link: string;
  notes: string;
  linkError?: string;
  notesError?: string;
  onLink(value: string): void;
  onNotes(value: string): void;
}) {
  const { t } = useTranslation(["bookings"]);
  return (
    <>
      <Field label={t("bookings:form.link")} error={linkError}>
        {(id, d) => (
          <Input
            id={id}
            name="bookingLink"
            type="url"
            inputMode="url"
            aria-describedby={d}
            aria-invalid={linkError ? true : undefined}
            value={link}
            maxLength={2000}
            placeholder={LINK_PLACEHOLDER}
            onChange={(e) => onLink(e.target.value)}
          />
        )}
      </Field>
      <Field label={t("bookings:form.notes")} error={notesError}>
        {(id, d) => (
          <TextArea
            id={id}
            name="notes"
            aria-describedby={d}
            aria-invalid={notesError ? true : undefined}
            value={notes}
            onChange={(e) => onNotes(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
