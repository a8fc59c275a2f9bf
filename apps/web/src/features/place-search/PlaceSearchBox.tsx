import type { PlaceResult } from "@tabi/contracts";
import { Building2, Landmark, MapPin, Plane, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { inputClass } from "../../ui/Field";
import { Spinner } from "../../ui/Spinner";
import { usePlaceSearch } from "./api";
import { LocalName } from "./LocalName";
import { placeLabel } from "./localName";
import { SourceCredits } from "./SourceCredits";
import { FAR_FROM_TRIP_KM, kmFromTrip, type LatLng } from "./trip-points";

export interface PickedPlace {
  label: string;
  lat: number | null;
  lng: number | null;
  result?: PlaceResult;
}

const KIND_ICON = { city: Building2, airport: Plane, landmark: Landmark, address: MapPin } as const;
// i18n-exempt: keyboard key names, never shown
const KEY = { down: "ArrowDown", up: "ArrowUp", enter: "Enter", escape: "Escape" } as const;

/** Search-as-you-type for places, keyboard accessible (WAI-ARIA combobox), used by trip and place forms. */
export function PlaceSearchBox({
  id,
  value,
  onChange,
  placeholder,
  near,
  trip,
  allowFreeText = true,
  describedBy,
}: {
  id?: string;
  value: PickedPlace | null;
  onChange(place: PickedPlace | null): void;
  placeholder?: string;
  near?: LatLng | null;
  /** The trip's destination and places (tripPoints): results near them come first. */
  trip?: LatLng[];
  allowFreeText?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const search = usePlaceSearch(open ? text : "", near, trip);
  const results = search.data?.results ?? [];
  const freeText = allowFreeText && text.trim().length > 1;
  const options = results.length + (freeText ? 1 : 0);

  function pick(index: number) {
    const r = results[index];
    if (r) onChange({ label: placeLabel(r), lat: r.lat, lng: r.lng, result: r });
    else if (freeText) onChange({ label: text.trim(), lat: null, lng: null });
    setOpen(false);
    setText("");
  }

  if (value) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-brand-500/60 bg-brand-50/60 px-3 py-2 dark:bg-brand-900/30">
        <MapPin className="size-4 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
        <span className="min-w-0 flex-1 truncate text-sm" title={value.label}>
          {value.label}
        </span>
        <button
          type="button"
          aria-label={t("search:clear", { label: value.label })}
          className="rounded-full p-1 text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
          onClick={() => {
            onChange(null);
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          <X className="size-4" />
        </button>
      </div>
    );
  }

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        role="combobox"
        aria-expanded={open && options > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options > 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        className={inputClass}
        placeholder={placeholder ?? t("search:placeholder")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => text && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === KEY.down) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, options - 1));
          } else if (e.key === KEY.up) {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === KEY.enter && open && options > 0) {
            e.preventDefault();
            pick(active);
          } else if (e.key === KEY.escape) setOpen(false);
        }}
      />
      {search.isFetching ? (
        <Spinner className="absolute top-3 right-3 size-4" label={t("search:searching")} />
      ) : null}
      {open && text.trim() ? (
        <div className="absolute z-50 mt-1 w-full overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
          <div
            id={listId}
            role="listbox"
            aria-label={t("search:results")}
            className="max-h-72 overflow-y-auto py-1"
          >
            {results.map((r, i) => {
              const Icon = KIND_ICON[r.kind] ?? MapPin;
              // Say so when a result is far from the trip: picked by mistake, it would be left out.
              const km = trip?.length ? kmFromTrip(r, trip) : null;
              const far = km !== null && km > FAR_FROM_TRIP_KM;
              return (
                <div
                  key={r.id}
                  tabIndex={-1}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 px-3 py-2",
                    i === active && "bg-slate-100 dark:bg-slate-800",
                  )}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(i)}
                  onKeyDown={(e) => e.key === KEY.enter && pick(i)}
                >
                  <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">
                      {r.name}
                      {r.iata ? <span className="ml-1 text-xs text-slate-500">({r.iata})</span> : null}
                      <LocalName result={r} className="ml-1.5 text-xs" />
                    </span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {r.address}
                      {far ? (
                        <span className="text-amber-700 dark:text-amber-300">
                          {` · ${t("search:farFromTrip", {
                            distance: formatNumber(Math.round(km), { style: "unit", unit: "kilometer" }),
                          })}`}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </div>
              );
            })}
            {freeText ? (
              <div
                id={`${listId}-${results.length}`}
                tabIndex={-1}
                role="option"
                aria-selected={active === results.length}
                className={cn(
                  "cursor-pointer px-3 py-2 text-sm text-slate-600 dark:text-slate-300",
                  active === results.length && "bg-slate-100 dark:bg-slate-800",
                )}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(results.length)}
                onClick={() => pick(results.length)}
                onKeyDown={(e) => e.key === KEY.enter && pick(results.length)}
              >
                {t("search:useAsTyped", { text: text.trim() })}
              </div>
            ) : null}
          </div>
          {search.isError ? (
            <p className="border-t border-slate-100 px-3 py-2 text-xs text-red-600 dark:border-slate-800">
              {t("search:unavailable")}
            </p>
          ) : search.data && results.length === 0 ? (
            <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500 dark:border-slate-800">
              {t("search:noResults")}
            </p>
          ) : null}
          {search.data?.notice ? (
            <p
              role="status"
              className="border-t border-slate-100 px-3 py-2 text-xs text-amber-700 dark:border-slate-800 dark:text-amber-300"
            >
              {search.data.notice}
            </p>
          ) : null}
          <SourceCredits
            sources={search.data?.sources}
            attribution={search.data?.attribution}
            className="border-t border-slate-100 px-3 py-1.5 text-[10px] text-slate-500 dark:border-slate-800 dark:text-slate-400"
          />
        </div>
      ) : null}
    </div>
  );
}
