import {
  type ItineraryDay,
  MEAL_STAY_MINUTES,
  MEAL_TIME_OF_DAY,
  MEAL_WISH_LEVEL,
  type MealKindName,
  OPENING_HOURS_MESSAGE,
  type PlaceCreateInput,
  type Restaurant,
} from "@tabi/contracts";
import { MapPin, Search, Utensils } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { serverText } from "../../i18n";
import { formatNumber } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input } from "../../ui/Field";
import { Spinner } from "../../ui/Spinner";
import { Stars } from "../../ui/Stars";
import { useEditItinerary } from "../itinerary/api";
import { describeViolations } from "../itinerary/violations";
import { SourceCredits } from "../place-search/SourceCredits";
import { useAddPlace } from "../places/api";
import { useRestaurants } from "./api";
import { distanceText, mealInsertIndex, mealNear, priceText } from "./mealPlan";

const PinDropMap = lazy(() => import("../map/PinDropMap"));

const TITLE_KEYS = {
  breakfast: "meals:title.breakfast",
  lunch: "meals:title.lunch",
  dinner: "meals:title.dinner",
} as const;

type NewPlace = Omit<PlaceCreateInput, "stayMinutes" | "wishLevel" | "preferredTimeOfDay" | "category">;

/**
 * 'Add breakfast / lunch / dinner Restaurant' (spec 2 s.2 'Add-restaurant dialog'): restaurants near
 * where the group is at that meal, or one added by name and pin; 'Add to Trip' adds the place and
 * makes it the day's meal visit (the server times it at the meal).
 */
export function RestaurantDialog({
  tripId,
  day,
  meal,
  onClose,
}: {
  tripId: string;
  day: ItineraryDay;
  meal: MealKindName;
  onClose(): void;
}) {
  const { t, ready } = useTranslation(["meals"]);
  const near = mealNear(day, meal);
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const results = useRestaurants(tripId, near, query, meal);
  const [pinMode, setPinMode] = useState(false);
  const [pinName, setPinName] = useState("");
  const [pin, setPin] = useState<{ lat: number; lng: number } | null>(null);
  const [pinError, setPinError] = useState("");
  const [error, setError] = useState("");
  const [adding, setAdding] = useState<string | null>(null);
  const addPlace = useAddPlace(tripId);
  const edit = useEditItinerary(tripId);
  // A place already made by a try whose calendar edit failed: a retry must not add it twice.
  const made = useRef(new Map<string, string>());

  async function create(body: NewPlace): Promise<string> {
    const full: PlaceCreateInput = {
      ...body,
      category: "restaurant",
      stayMinutes: MEAL_STAY_MINUTES[meal],
      wishLevel: MEAL_WISH_LEVEL,
      preferredTimeOfDay: MEAL_TIME_OF_DAY[meal],
    };
    try {
      return (await addPlace.mutateAsync(full)).place.id;
    } catch (err) {
      // Hours the provider wrote in a form the server cannot read: the place is still worth adding.
      if (!(err instanceof ApiError && err.message === OPENING_HOURS_MESSAGE && full.openingHours)) throw err;
      return (await addPlace.mutateAsync({ ...full, openingHours: null })).place.id;
    }
  }

  async function addToTrip(key: string, name: string, body: NewPlace) {
    setError("");
    setAdding(key);
    try {
      let placeId = made.current.get(key);
      if (!placeId) {
        placeId = await create(body);
        made.current.set(key, placeId);
      }
      const { violations } = await edit.mutateAsync({
        type: "insert",
        day: day.day,
        placeId,
        index: mealInsertIndex(day, meal),
        stayMinutes: MEAL_STAY_MINUTES[meal],
        meal,
      });
      toast.success(t("meals:added", { name, day: day.day }));
      for (const m of describeViolations(violations ?? [], () => name)) toast.warning(m, { duration: 8000 });
      onClose();
    } catch (err) {
      // The server's words; what was typed stays in the dialog for another try.
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? serverText(err.message)
          : t("meals:addFailed"),
      );
    } finally {
      setAdding(null);
    }
  }

  const addRestaurant = (r: Restaurant) =>
    addToTrip(r.placeId, r.name, {
      name: r.name,
      address: r.address || null,
      latitude: r.latitude,
      longitude: r.longitude,
      providerPlaceId: r.placeId,
      rating: r.rating,
      priceLevel: r.priceLevel,
      openingHours: r.openingHours ?? null,
    });

  function addPinned() {
    if (!pinName.trim() || !pin) {
      setPinError(!pinName.trim() ? t("meals:pin.nameRequired") : t("meals:pin.pinRequired"));
      return;
    }
    setPinError("");
    void addToTrip("pin", pinName.trim(), {
      name: pinName.trim(),
      latitude: pin.lat,
      longitude: pin.lng,
    });
  }

  const list = results.data;
  const busy = adding !== null;
  // Online restaurant search did not answer: the server says so, and lists the built-in data's.
  const notice = list?.notice ? (
    <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
      {list.notice}
    </p>
  ) : null;
  // Which source answered, with its credit line.
  const credits = list ? (
    <SourceCredits
      sources={list.sources}
      attribution={list.attribution}
      className="text-[11px] text-slate-500 dark:text-slate-400"
    />
  ) : null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={ready ? t(TITLE_KEYS[meal]) : ""}
      description={ready ? t("meals:near", { name: serverText(near.name) }) : undefined}
    >
      {!ready ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <form
            className="flex gap-2"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setQuery(typed.trim());
              setPinMode(false);
            }}
          >
            <Input
              type="search"
              aria-label={t("meals:search.label")}
              placeholder={t("meals:search.placeholder")}
              value={typed}
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={!typed.trim() || results.isFetching} className="shrink-0">
              <Search className="size-4" aria-hidden /> {t("meals:search.button")}
            </Button>
          </form>

          {!query ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("meals:search.hint")}</p>
          ) : results.isPending ? (
            <div className="flex justify-center py-6" role="status" aria-label={t("meals:search.loading")}>
              <Spinner />
            </div>
          ) : results.isError ? (
            <div className="space-y-2">
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {results.error instanceof ApiError && results.error.status < 500
                  ? serverText(results.error.message)
                  : t("meals:search.failed")}
              </p>
              {/* The search is away, the restaurant is not: it can still be added by name and pin. */}
              {pinMode ? null : (
                <Button variant="ghost" size="sm" onClick={() => setPinMode(true)}>
                  <MapPin className="size-4" aria-hidden /> {t("meals:pin.open")}
                </Button>
              )}
            </div>
          ) : list && list.results.length > 0 ? (
            <div className="space-y-2">
              {notice}
              <ul className="space-y-2" aria-label={t("meals:results")}>
                {list.results.map((r) => (
                  <RestaurantRow
                    key={r.placeId}
                    restaurant={r}
                    busy={adding === r.placeId}
                    disabled={busy}
                    onAdd={() => addRestaurant(r)}
                  />
                ))}
              </ul>
              {credits}
              {/* Not every restaurant is in the data: the one the group wants can still be added. */}
              {pinMode ? null : (
                <Button variant="ghost" size="sm" onClick={() => setPinMode(true)}>
                  <MapPin className="size-4" aria-hidden /> {t("meals:pin.open")}
                </Button>
              )}
            </div>
          ) : (
            <div className="space-y-2">
              {notice}
              <div className="rounded-2xl border border-dashed border-slate-300 px-4 py-6 text-center dark:border-slate-700">
                <Utensils className="mx-auto size-6 text-slate-400" aria-hidden />
                <p className="mt-2 text-sm font-medium">{t("meals:noRestaurants")}</p>
                {pinMode ? null : (
                  <Button variant="secondary" size="sm" className="mt-3" onClick={() => setPinMode(true)}>
                    <MapPin className="size-4" aria-hidden /> {t("meals:pin.open")}
                  </Button>
                )}
              </div>
              {credits}
            </div>
          )}

          {pinMode ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">{t("meals:pin.title")}</legend>
              <Field label={t("meals:pin.name")} error={pinError && !pinName.trim() ? pinError : undefined}>
                {(id, d) => (
                  <Input
                    id={id}
                    aria-describedby={d}
                    value={pinName}
                    maxLength={200}
                    onChange={(e) => setPinName(e.target.value)}
                  />
                )}
              </Field>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t("meals:pin.hint")}</p>
              <Suspense
                fallback={<div className="h-56 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800" />}
              >
                <PinDropMap center={pin ?? near} value={pin} onChange={setPin} />
              </Suspense>
              {pinError && pinName.trim() ? (
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {pinError}
                </p>
              ) : null}
              <Button className="w-full" disabled={busy} onClick={addPinned}>
                {adding === "pin" ? t("meals:adding") : t("meals:addToTrip")}
              </Button>
            </fieldset>
          ) : null}

          <FormError message={error} />
        </div>
      )}
    </Dialog>
  );
}

/** One search result: name, address, rating or 'No rating', price, cuisine, distance, 'Add to Trip'. */
function RestaurantRow({
  restaurant: r,
  busy,
  disabled,
  onAdd,
}: {
  restaurant: Restaurant;
  busy: boolean;
  disabled: boolean;
  onAdd(): void;
}) {
  const { t } = useTranslation(["meals"]);
  const price = priceText(r.priceLevel);
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800/60">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{r.name}</p>
        {r.address ? (
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{r.address}</p>
        ) : null}
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600 dark:text-slate-300">
          {r.rating != null ? (
            <span className="inline-flex items-center gap-1">
              <Stars value={r.rating} />
              {formatNumber(r.rating, { maximumFractionDigits: 1 })}
            </span>
          ) : (
            <span>{t("meals:noRating")}</span>
          )}
          {price ? (
            <span title={t("meals:priceLevel", { level: r.priceLevel })}>
              <span aria-hidden>{price}</span>
              <span className="sr-only">{t("meals:priceLevel", { level: r.priceLevel })}</span>
            </span>
          ) : null}
          {r.cuisine ? <span className="truncate">{r.cuisine}</span> : null}
          <span>{distanceText(r.distanceMeters)}</span>
        </p>
      </div>
      <Button size="sm" className="shrink-0" disabled={disabled} onClick={onAdd}>
        {busy ? t("meals:adding") : t("meals:addToTrip")}
      </Button>
    </li>
  );
}
