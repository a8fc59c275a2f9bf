import { CalendarDays } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { DayPicker, type Locale } from "react-day-picker";
import { enUS } from "react-day-picker/locale/en-US";
import { ja } from "react-day-picker/locale/ja";
import { ko } from "react-day-picker/locale/ko";
import { zhCN } from "react-day-picker/locale/zh-CN";
import "react-day-picker/style.css";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n";
import type { Language } from "../../i18n/languages";
import { inputClass } from "../../ui/Field";
import { fromIsoDate, nextRange, type Range, toIsoDate } from "./dateRange";
import { dateRange } from "./format";

// Month and weekday names and the picker's own labels in the app's language (date-fns locales with
// DayPicker's labels). Small, and only in the lazily loaded trip dialogs' chunk.
const DAY_PICKER_LOCALES: Record<Language, Locale> = { en: enUS, ja, ko, zh: zhCN };

/** Travel dates: spec 1 'Date picking' (past days disabled, a completed range closes the picker). */
export function DateRangePicker({
  id,
  start,
  end,
  onChange,
  allowPast = false,
}: {
  id?: string;
  start: string | null;
  end: string | null;
  onChange(start: string | null, end: string | null): void;
  allowPast?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Range>({});
  const selected =
    open && draft.from
      ? draft
      : { from: start ? fromIsoDate(start) : undefined, to: end ? fromIsoDate(end) : undefined };
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setDraft({});
      }}
    >
      <Popover.Trigger asChild>
        <button id={id} type="button" className={`${inputClass} flex items-center gap-2 text-left`}>
          <CalendarDays className="size-4 text-slate-400" aria-hidden />
          {start ? (
            dateRange(start, end)
          ) : (
            <span className="text-slate-400">{t("trips:form.datesPlaceholder")}</span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="start"
          className="tabi-daypicker z-[60] rounded-2xl bg-white p-3 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <DayPicker
            locale={DAY_PICKER_LOCALES[currentLanguage()]}
            mode="range"
            selected={selected.from ? { from: selected.from, to: selected.to } : undefined}
            defaultMonth={selected.from ?? today}
            disabled={allowPast ? undefined : { before: today }}
            onSelect={(_range, day) => {
              const next = nextRange(draft.from ? draft : {}, day);
              setDraft(next.range);
              if (next.complete && next.range.from && next.range.to) {
                onChange(toIsoDate(next.range.from), toIsoDate(next.range.to));
                setOpen(false);
              } else if (next.range.from) onChange(toIsoDate(next.range.from), null);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
