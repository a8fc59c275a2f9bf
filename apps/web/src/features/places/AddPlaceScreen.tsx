import {
  MAX_PHOTOS_PER_PLACE,
  type PlaceResult,
  parseUploadUrl,
  STAY_STEPS,
  starsToWish,
  stayLabel,
  TIMES_OF_DAY,
  type TimeOfDay,
  wishToStars,
} from "@tabi/contracts";
import { MapPin, MapPinned, Search, TriangleAlert, X } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { paths } from "../../app/paths";
import { preloadScreen } from "../../app/screens";
import { serverText } from "../../i18n";
import { formatNumber } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Field, Input, TextArea } from "../../ui/Field";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { FullPageSpinner } from "../../ui/Spinner";
import { StarInput, Stars } from "../../ui/Stars";
import { useDialogs } from "../info/dialogs";
import { LocalName } from "../place-search/LocalName";
import { PlaceSearchBox } from "../place-search/PlaceSearchBox";
import { FAR_FROM_TRIP_KM, kmFromTrip, tripPoints } from "../place-search/trip-points";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { useCanAddPlacesNow } from "../trips/useDeadline";
import { useAddPlace, usePlaces, useUpdatePlace } from "./api";
import { TIME_OF_DAY_KEY } from "./labels";
import { PlacePhotos } from "./PlacePhotos";
import { placeFromResult } from "./resultCategory";
import { stayText } from "./status";

const PinDropMap = lazy(() => import("../map/PinDropMap"));
const nearestStep = (minutes: number) =>
  STAY_STEPS.reduce(
    (best, s, i) => (Math.abs(s - minutes) < Math.abs(STAY_STEPS[best]! - minutes) ? i : best),
    0,
  );
const TOKYO = { lat: 35.6812, lng: 139.7671 };
const STAY_LENGTH_KEY = {
  short: "places:stay.short",
  medium: "places:stay.medium",
  long: "places:stay.long",
} as const;

/** The photos members uploaded, without a search result's own picture. */
const uploadsOnly = (photos: string[]) => photos.filter((url) => parseUploadUrl(url));

const card =
  "rounded-3xl bg-white/90 p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800";

/** Add or edit a place: search or pin, priority, duration, time of day, notes (spec 3 'Add-place screen'). */
export default function AddPlaceScreen() {
  const { t } = useTranslation();
  const [tripId] = useCurrentTripId();
  const [params] = useSearchParams();
  const editId = params.get("edit");
  const trip = useTrip(tripId);
  const list = usePlaces(tripId);
  const editing = editId ? list.data?.places.find((p) => p.id === editId) : undefined;
  if (!tripId)
    return (
      <EmptyState
        icon={MapPin}
        title={t("server:messages.noTripTitle")}
        text={t("server:places.noTripText")}
      />
    );
  if (trip.isPending || list.isPending) return <FullPageSpinner />;
  if (!trip.data || !list.data)
    return (
      <EmptyState
        icon={MapPin}
        title={t("server:messages.genericErrorTitle")}
        text={t("places:add.loadFailed")}
      />
    );
  if (editId && !editing) return <EmptyState icon={MapPin} title={t("server:places.placeNotFound")} />;
  return (
    <PlaceForm
      key={editId ?? "new"}
      tripId={tripId}
      trip={trip.data.trip}
      places={list.data.places}
      usage={list.data.usage}
      editing={editing}
    />
  );
}

type Editing = NonNullable<ReturnType<typeof usePlaces>["data"]>["places"][number];

/** A search result's category as the add request takes it (a city is proposed as an attraction). */
function PlaceForm({
  tripId,
  trip,
  places,
  usage,
  editing,
}: {
  tripId: string;
  trip: NonNullable<ReturnType<typeof useTrip>["data"]>["trip"];
  places: Editing[];
  usage: { mine: number; limit: number | null };
  editing?: Editing;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAddNow = useCanAddPlacesNow(trip);
  const { open: openDialog } = useDialogs();
  // At the plan's limit nothing can be added (a wish on a place already here counts too): said before
  // the form is filled in, not after. Judged when the screen opens: a form the limit overtook (a place
  // added meanwhile on another device) stays, and its refusal keeps what was typed.
  const [fullOnOpen] = useState(() => !editing && usage.limit !== null && usage.mine >= usage.limit);

  const add = useAddPlace(tripId);
  const update = useUpdatePlace(tripId);
  const [mode, setMode] = useState<"search" | "pin">("search");
  const [picked, setPicked] = useState<PlaceResult | null>(null);
  const [pinName, setPinName] = useState("");
  const [pin, setPin] = useState<{ lat: number; lng: number } | null>(null);
  const [stars, setStars] = useState(
    editing?.myWish ? Math.max(1, Math.round(wishToStars(editing.myWish))) : 3,
  );
  const [step, setStep] = useState(nearestStep(editing?.stayMinutes ?? 120));
  /** The chosen result's usual visit length, kept exact until the slider is moved. */
  const [resultStay, setResultStay] = useState<number | null>(null);
  const [time, setTime] = useState<TimeOfDay | null>(editing?.preferredTimeOfDay ?? null);
  const [notes, setNotes] = useState(editing?.notes ?? "");
  // A chosen search result's picture comes first; members add their own (issue 14).
  const [photos, setPhotos] = useState<string[]>(editing?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const onUploading = useCallback((busy: boolean) => setUploading(busy), []);
  const [error, setError] = useState("");
  // Search near the trip: its destination and places. The departure (home) only when there are none.
  const points = useMemo(() => tripPoints(trip, places), [trip, places]);
  const near = useMemo(
    () =>
      points.length === 0 && trip.departureLatitude != null && trip.departureLongitude != null
        ? { lat: trip.departureLatitude, lng: trip.departureLongitude }
        : null,
    [points.length, trip.departureLatitude, trip.departureLongitude],
  );
  const stay = resultStay ?? STAY_STEPS[step]!;
  // Issue 12 item 5: a place this far from every trip point would be left out of the plan.
  const chosen = editing ? null : mode === "search" ? picked : pin;
  const kmAway = chosen ? kmFromTrip(chosen, points) : null;
  const farAway = kmAway !== null && kmAway > FAR_FROM_TRIP_KM;
  const busy = add.isPending || update.isPending || uploading;
  const ready = editing || (mode === "search" ? picked : pin && pinName.trim());

  // Where a member goes from a screen that cannot add: the closed and the full one.
  const backToPlaces = (
    <Link
      to="/my-trip/my-places"
      className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
    >
      {t("places:add.backToPlaces")}
    </Link>
  );

  if (!editing && !canAddNow)
    return (
      <EmptyState
        icon={MapPin}
        title={t("places:add.closedTitle")}
        // The deadline closes it for those with the right; without it, the deadline is beside the point.
        text={t(trip.my.canAddPlaces ? "server:places.deadlinePassed" : "server:places.noAddPermission")}
      >
        {backToPlaces}
      </EmptyState>
    );

  if (fullOnOpen && usage.limit !== null)
    return (
      <EmptyState
        icon={MapPin}
        title={t("places:add.used", { mine: usage.mine, limit: usage.limit })}
        text={t("server:places.placeLimit")}
      >
        <Button onClick={() => openDialog("premium", "places")}>{t("billing:upgrade")}</Button>
        {backToPlaces}
      </EmptyState>
    );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!ready || busy) return;
    setError("");
    preloadScreen(paths.places); // where a saved place goes: in by the time the server answers
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          ...(editing.canEdit
            ? {
                stayMinutes: stay,
                preferredTimeOfDay: time,
                notes: notes.trim() || null,
                ...(photos.join("\n") !== editing.photos.join("\n") ? { photos } : {}),
              }
            : {}),
          ...(editing.myWish !== null ? { wishLevel: starsToWish(stars) } : {}),
        });
        toast.success(t("places:add.saved"));
      } else {
        const base =
          mode === "search" && picked
            ? { ...placeFromResult(picked), photos }
            : {
                name: pinName.trim(),
                latitude: pin!.lat,
                longitude: pin!.lng,
                category: "tourist_attraction" as const,
                photos: uploadsOnly(photos),
              };
        const { merged, place } = await add.mutateAsync({
          ...base,
          wishLevel: starsToWish(stars),
          stayMinutes: stay,
          preferredTimeOfDay: time,
          notes: notes.trim() || null,
        });
        toast.success(t(merged ? "places:add.merged" : "places:add.added", { name: place.name }));
      }
      navigate("/my-trip/my-places");
    } catch (err) {
      // Rules the server states (limit, deadline, duplicates) in its words; anything else the spec's.
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? serverText(err.message)
          : t("server:places.addFailed"),
      );
    }
  }

  return (
    <form onSubmit={submit} className="mx-auto max-w-xl space-y-4 pb-8" noValidate>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="text-xl font-bold tracking-tight">
          {t(editing ? "places:edit.title" : "places:add.title")}
        </h2>
        {usage.limit !== null ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium dark:bg-slate-800">
            {t("places:add.used", { mine: usage.mine, limit: usage.limit })}
          </span>
        ) : null}
      </div>

      <section className={card}>
        {editing ? (
          <div className="flex items-start gap-3">
            <MapPin className="mt-1 size-5 text-brand-700 dark:text-brand-100" aria-hidden />
            <div className="min-w-0">
              <p className="break-words font-semibold">{editing.name}</p>
              <p className="text-sm text-slate-500">{editing.address ?? t("places:card.pinned")}</p>
            </div>
          </div>
        ) : (
          <>
            <SegmentedTabs
              label={t("places:add.howToFind")}
              className="mb-3"
              value={mode}
              onChange={setMode}
              options={[
                {
                  value: "search",
                  label: (
                    <>
                      <Search className="size-4 shrink-0" aria-hidden /> {t("places:add.search")}
                    </>
                  ),
                },
                {
                  value: "pin",
                  label: (
                    <>
                      <MapPinned className="size-4 shrink-0" aria-hidden /> {t("places:add.dropPin")}
                    </>
                  ),
                },
              ]}
            />
            {mode === "search" ? (
              picked ? (
                <div className="flex items-start gap-3 rounded-2xl bg-brand-50/70 p-3 dark:bg-brand-900/30">
                  <MapPin className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold">
                      {picked.name}
                      <LocalName result={picked} className="ml-1.5 text-sm" />
                    </p>
                    <p className="truncate text-sm text-slate-500 dark:text-slate-400">{picked.address}</p>
                    {picked.rating !== null ? <Stars value={picked.rating} /> : null}
                  </div>
                  <button
                    type="button"
                    aria-label={t("places:add.clearChosen")}
                    onClick={() => {
                      setPicked(null);
                      setResultStay(null);
                      setPhotos(uploadsOnly);
                    }}
                    className="rounded-full p-1 text-slate-500 hover:bg-white dark:hover:bg-slate-800"
                  >
                    <X className="size-4" />
                  </button>
                </div>
              ) : (
                <div className="space-y-2">
                  <PlaceSearchBox
                    value={null}
                    allowFreeText={false}
                    near={near}
                    placeholder={t("places:add.searchPlaceholder")}
                    trip={points}
                    onChange={(p) => {
                      if (!p?.result) return;
                      setPicked(p.result);
                      const picture = p.result.photoUrl;
                      setPhotos((list) =>
                        (picture ? [picture, ...uploadsOnly(list)] : uploadsOnly(list)).slice(
                          0,
                          MAX_PHOTOS_PER_PLACE,
                        ),
                      );
                      // The sight's usual visit length, when the search knows it.
                      const minutes = p.result.stayMinutes;
                      if (minutes) {
                        setResultStay(minutes);
                        setStep(nearestStep(minutes));
                      }
                    }}
                  />
                  <p className="text-sm text-slate-500">{t("places:add.searchHint")}</p>
                </div>
              )
            ) : (
              <div className="space-y-3">
                <Field label={t("places:add.pinName")}>
                  {(id) => (
                    <Input
                      id={id}
                      value={pinName}
                      maxLength={200}
                      onChange={(e) => setPinName(e.target.value)}
                      placeholder={t("places:add.pinNamePlaceholder")}
                    />
                  )}
                </Field>
                <Suspense
                  fallback={<div className="h-56 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800" />}
                >
                  <PinDropMap center={pin ?? points[0] ?? near ?? TOKYO} value={pin} onChange={setPin} />
                </Suspense>
                <p className="text-xs text-slate-500">
                  {pin
                    ? t("places:add.pinnedAt", {
                        latitude: pin.lat.toFixed(5),
                        longitude: pin.lng.toFixed(5),
                      })
                    : t("places:add.tapMap")}
                </p>
              </div>
            )}
          </>
        )}
      </section>

      <section className={`${card} space-y-5`}>
        <div>
          <p className="mb-1 text-sm font-medium">{t("places:add.priority")}</p>
          <StarInput value={stars} onChange={setStars} label={t("places:add.priority")} />
        </div>
        <Field
          label={t("places:add.duration")}
          hint={t("places:stay.hint", { stay: stayText(stay), length: t(STAY_LENGTH_KEY[stayLabel(stay)]) })}
        >
          {(id, d) => (
            <input
              id={id}
              aria-describedby={d}
              aria-valuetext={stayText(stay)}
              type="range"
              min={0}
              max={STAY_STEPS.length - 1}
              step={1}
              value={step}
              disabled={editing ? !editing.canEdit : false}
              onChange={(e) => {
                setResultStay(null);
                setStep(Number(e.target.value));
              }}
              className="w-full accent-brand-700"
            />
          )}
        </Field>
        <div>
          <p className="mb-2 text-sm font-medium">{t("places:add.timeOfDay")}</p>
          <div
            className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-4"
            role="group"
            aria-label={t("places:add.timeOfDay")}
          >
            {TIMES_OF_DAY.map((k) => (
              <button
                key={k}
                type="button"
                aria-pressed={time === k}
                disabled={editing ? !editing.canEdit : false}
                onClick={() => setTime(time === k ? null : k)}
                className={cn(
                  "min-w-0 break-words rounded-xl px-1 py-2 text-sm font-medium ring-1",
                  time === k
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white ring-slate-300 dark:bg-slate-900 dark:ring-slate-700",
                )}
              >
                {t(TIME_OF_DAY_KEY[k])}
              </button>
            ))}
          </div>
        </div>
        <Field label={t("places:field.notes")}>
          {(id) => (
            <TextArea
              id={id}
              value={notes}
              disabled={editing ? !editing.canEdit : false}
              onChange={(e) => setNotes(e.target.value)}
              placeholder={t("places:add.notesPlaceholder")}
            />
          )}
        </Field>
        <PlacePhotos
          tripId={tripId}
          photos={photos}
          onChange={setPhotos}
          onBusyChange={onUploading}
          disabled={editing ? !editing.canEdit : false}
        />
      </section>

      {farAway && chosen ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p className="min-w-0">
            {t(places.length ? "places:add.farFromPlaces" : "places:add.farFromDestination", {
              name: mode === "search" && picked ? picked.name : t("places:add.thisPlace"),
              distance: formatNumber(Math.round(kmAway), { style: "unit", unit: "kilometer" }),
              reason: t("server:unscheduled.too_far"),
            })}
          </p>
        </div>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button variant="secondary" size="lg" className="flex-1" onClick={() => navigate(-1)}>
          {t("common:action.cancel")}
        </Button>
        <Button type="submit" size="lg" className="flex-1" disabled={!ready || busy}>
          {t(
            editing
              ? busy
                ? "common:status.saving"
                : "places:add.saveChanges"
              : busy
                ? "places:add.adding"
                : farAway
                  ? "places:add.addAnyway"
                  : "common:action.add",
          )}
        </Button>
      </div>
    </form>
  );
}
