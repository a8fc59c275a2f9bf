import {
  type ItineraryDay,
  type Place,
  type PlaceCreateInput,
  type PlaceResult,
  wishToStars,
} from "@tabi/contracts";
import { ListChecks, MapPin, Search, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { inputClass, TextArea } from "../../ui/Field";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { Stars } from "../../ui/Stars";
import { LocalName } from "../place-search/LocalName";
import { PlaceSearchBox } from "../place-search/PlaceSearchBox";
import type { LatLng } from "../place-search/trip-points";
import { placeFromResult } from "../places/resultCategory";
import { reasonOf, type UnscheduledReason } from "./planInfo";
import { formatDuration } from "./units";

// Spec 2 s.5 and s.9 'Adding a place between stops'.
export const STAY_OPTIONS = [30, 60, 90, 120, 180, 240, 360] as const;
export const DEFAULT_STAY = 60;
export const PRIORITY_OPTIONS = [
  { label: "plan:priority.mustVisit", wish: 8 },
  { label: "plan:priority.high", wish: 6 },
  { label: "plan:priority.medium", wish: 5 },
  { label: "plan:priority.low", wish: 3 },
  { label: "plan:priority.optional", wish: 1 },
] as const;
export const DEFAULT_PRIORITY = 5;

/** A stay in the language's units: "90 min" reads "1 hr 30 min". */
export const stayLabel = (m: number) => formatDuration(m);

/** The stay option nearest to a sight's usual visit length. */
export const nearestStay = (minutes: number) =>
  STAY_OPTIONS.reduce((best, m) => (Math.abs(m - minutes) < Math.abs(best - minutes) ? m : best));

export interface AddPlaceChoice {
  /** A trip place not yet planned, or a new place found by the search (added to the trip first). */
  place: { id: string } | { result: PlaceResult };
  day: number;
  index: number;
  stayMinutes: number;
  wishLevel: number;
  notes: string;
}

/**
 * A new place as the add request takes it, from a search result and the dialog's choices: the caller
 * proposes it with their priority as their wish (as the Add place screen does).
 */
export function newPlaceInput(
  r: PlaceResult,
  choice: Pick<AddPlaceChoice, "stayMinutes" | "wishLevel" | "notes">,
): PlaceCreateInput {
  return {
    ...placeFromResult(r),
    wishLevel: choice.wishLevel,
    stayMinutes: choice.stayMinutes,
    preferredTimeOfDay: null,
    notes: choice.notes || null,
  };
}

/**
 * 'Add a place' between two stops (spec 2 'Add-place-between-stops dialog'): one of the trip's places
 * not yet planned, or a new place from the app's place search (issue 26: '+' stays once every place is
 * planned); its stay and the caller's priority (saved as their wish), optional notes when they may
 * edit the place.
 */
export function AddPlaceDialog({
  days,
  unscheduled,
  placeOf,
  search,
  at,
  busy,
  onClose,
  onAdd,
}: {
  days: ItineraryDay[];
  unscheduled: ({ placeId: string; name: string } & Partial<UnscheduledReason>)[];
  placeOf(id: string): Place | undefined;
  /** Where the place search looks first (the trip's points); null when new places may not be added now. */
  search: { near: LatLng | null; points: LatLng[] } | null;
  /** A fixed slot from a '+' between stops; without it the user picks the day (added at its end). */
  at: { day: number; index: number } | null;
  busy: boolean;
  onClose(): void;
  onAdd(choice: AddPlaceChoice): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [source, setSource] = useState<"trip" | "new">(unscheduled.length || !search ? "trip" : "new");
  const [query, setQuery] = useState("");
  const [placeId, setPlaceId] = useState(unscheduled.length === 1 ? unscheduled[0]!.placeId : "");
  const [found, setFound] = useState<PlaceResult | null>(null);
  const [day, setDay] = useState(at?.day ?? 1);
  const [stay, setStay] = useState<number>(DEFAULT_STAY);
  const [wish, setWish] = useState<number>(DEFAULT_PRIORITY);
  const [notes, setNotes] = useState("");
  const place = source === "trip" && placeId ? placeOf(placeId) : undefined;
  const ready = source === "trip" ? Boolean(placeId) : Boolean(found);
  const shown = unscheduled.filter((u) => u.name.toLowerCase().includes(query.trim().toLowerCase()));
  const d = days[(at?.day ?? day) - 1];
  const where = at
    ? (() => {
        const prev = d?.visits[at.index - 1]?.name;
        const next = d?.visits[at.index]?.name;
        const day = at.day;
        if (prev && next) return t("plan:add.between", { day, prev, next });
        if (next) return t("plan:add.before", { day, next });
        if (prev) return t("plan:add.after", { day, prev });
        return t("plan:add.first", { day });
      })()
    : undefined;

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("plan:add.title")} description={where}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          onAdd({
            place: source === "trip" ? { id: placeId } : { result: found! },
            day: at?.day ?? day,
            index: at?.index ?? d?.visits.length ?? 0,
            stayMinutes: stay,
            wishLevel: wish,
            notes: notes.trim(),
          });
        }}
      >
        {unscheduled.length && search ? (
          <SegmentedTabs
            label={t("plan:add.source")}
            value={source}
            onChange={setSource}
            options={[
              {
                value: "trip",
                label: (
                  <>
                    <ListChecks className="size-4 shrink-0" aria-hidden /> {t("plan:add.fromTrip")}
                  </>
                ),
              },
              {
                value: "new",
                label: (
                  <>
                    <Search className="size-4 shrink-0" aria-hidden /> {t("plan:add.newPlace")}
                  </>
                ),
              },
            ]}
          />
        ) : null}
        {source === "trip" ? (
          <div className="space-y-1.5">
            <label
              htmlFor={`${ids}-q`}
              className="block text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t("plan:add.search")}
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden
              />
              <input
                id={`${ids}-q`}
                type="search"
                className={cn(inputClass, "pl-9")}
                placeholder={t("plan:add.searchPlaceholder")}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
            <fieldset>
              <legend className="sr-only">{t("plan:add.place")}</legend>
              <ul className="max-h-44 space-y-1 overflow-y-auto rounded-xl p-0.5">
                {shown.map((u) => (
                  <li key={u.placeId}>
                    <label
                      className={cn(
                        "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 dark:ring-slate-700",
                        placeId === u.placeId && "bg-brand-50 ring-brand-500 dark:bg-brand-900/50",
                      )}
                    >
                      <input
                        type="radio"
                        name={`${ids}-place`}
                        value={u.placeId}
                        checked={placeId === u.placeId}
                        onChange={() => setPlaceId(u.placeId)}
                        className="accent-brand-700"
                      />
                      <span className="min-w-0">
                        <span className="block truncate">{u.name}</span>
                        {/* Why the optimiser left it out: worth knowing before putting it back. */}
                        {u.reason ? (
                          <span className="block text-xs text-slate-500 dark:text-slate-400">
                            {reasonOf({ ...u, reason: u.reason })}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  </li>
                ))}
                {shown.length === 0 ? (
                  <li className="px-3 py-2 text-sm text-slate-500">{t("plan:add.noneFound")}</li>
                ) : null}
              </ul>
            </fieldset>
          </div>
        ) : found ? (
          <div className="flex items-start gap-3 rounded-2xl bg-brand-50/70 p-3 dark:bg-brand-900/30">
            <MapPin className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold">
                {found.name}
                <LocalName result={found} className="ml-1.5 text-sm" />
              </p>
              {found.address ? (
                <p className="truncate text-sm text-slate-500 dark:text-slate-400">{found.address}</p>
              ) : null}
            </div>
            <button
              type="button"
              aria-label={t("places:add.clearChosen")}
              onClick={() => setFound(null)}
              className="rounded-full p-1 text-slate-500 hover:bg-white dark:hover:bg-slate-800"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : (
          <div className="space-y-1.5">
            <label
              htmlFor={`${ids}-new`}
              className="block text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t("plan:add.searchNew")}
            </label>
            <PlaceSearchBox
              id={`${ids}-new`}
              value={null}
              allowFreeText={false}
              near={search?.near}
              trip={search?.points}
              placeholder={t("places:add.searchPlaceholder")}
              onChange={(p) => {
                if (!p?.result) return;
                setFound(p.result);
                // The sight's usual visit length, when the search knows it.
                if (p.result.stayMinutes) setStay(nearestStay(p.result.stayMinutes));
              }}
            />
          </div>
        )}

        <div className="grid grid-cols-2 gap-3">
          {at ? null : (
            <div className="space-y-1.5">
              <label
                htmlFor={`${ids}-day`}
                className="block text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                {t("plan:add.day")}
              </label>
              <select
                id={`${ids}-day`}
                className={inputClass}
                value={day}
                onChange={(e) => setDay(Number(e.target.value))}
              >
                {days.map((x) => (
                  <option key={x.day} value={x.day}>
                    {t("plan:days.day", { day: x.day })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="space-y-1.5">
            <label
              htmlFor={`${ids}-stay`}
              className="block text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t("plan:add.stay")}
            </label>
            <select
              id={`${ids}-stay`}
              className={inputClass}
              value={stay}
              onChange={(e) => setStay(Number(e.target.value))}
            >
              {STAY_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {stayLabel(m)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t("plan:add.priority")}
          </legend>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {PRIORITY_OPTIONS.map((p) => (
              <label
                key={p.wish}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 dark:ring-slate-700",
                  wish === p.wish && "bg-brand-50 ring-brand-500 dark:bg-brand-900/50",
                )}
              >
                <input
                  type="radio"
                  name={`${ids}-priority`}
                  value={p.wish}
                  checked={wish === p.wish}
                  onChange={() => setWish(p.wish)}
                  className="accent-brand-700"
                />
                <span className="min-w-0 flex-1">{t(p.label)}</span>
                <Stars value={wishToStars(p.wish)} className="shrink-0" />
              </label>
            ))}
          </div>
        </fieldset>

        {place?.canEdit || (source === "new" && found) ? (
          <div className="space-y-1.5">
            <label
              htmlFor={`${ids}-notes`}
              className="block text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t("plan:add.notes")}
            </label>
            <TextArea id={`${ids}-notes`} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {t("common:action.cancel")}
          </Button>
          <Button type="submit" disabled={!ready || busy}>
            {t("plan:add.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
