import { EDIT_CATEGORIES, OPENING_HOURS_MESSAGE, type Place, type PlaceCategory } from "@tabi/contracts";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { i18n, serverText } from "../../i18n";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input, inputClass, TextArea } from "../../ui/Field";
import { useUpdatePlace } from "./api";
import { CATEGORY_KEY } from "./labels";
import { usualHoursLabel } from "./openingHours";
import { PlacePhotos } from "./PlacePhotos";
import { stayHours } from "./status";

/**
 * The server refused the typed hours (400 with the contracts' message, in English or in the language
 * the request asked for): said under the field.
 */
export const isOpeningHoursError = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 400 &&
  (err.message === OPENING_HOURS_MESSAGE || err.message === i18n.t("server:validation.openingHours"));

/**
 * Edit Place (spec 3): name, category, wish level 1-10, stay 0.5-24 h, opening hours (issue 12), notes,
 * photos (up to 5, uploaded to the trip: issue 14).
 */
export function EditPlaceDialog({
  place,
  tripId,
  onClose,
}: {
  place: Place;
  tripId: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const update = useUpdatePlace(tripId);
  const [name, setName] = useState(place.name);
  const [category, setCategory] = useState<PlaceCategory>(
    (EDIT_CATEGORIES.some((c) => c.value === place.category) ? place.category : "other") as PlaceCategory,
  );
  const [wish, setWish] = useState(place.myWish ?? 6);
  // The stay as it is (45 minutes is 0.75), and saved only when changed: a length off the input's
  // half-hour steps, or beyond its 24 hours, stays as it was when only the notes are edited.
  const shownHours = stayHours(place.stayMinutes);
  const [hours, setHours] = useState(shownHours);
  const [notes, setNotes] = useState(place.notes ?? "");
  // Only the place's own hours are typed here; empty means the category's usual hours.
  const [openingHours, setOpeningHours] = useState(
    place.openingHours?.source === "place" ? place.openingHours.value : "",
  );
  const [hoursError, setHoursError] = useState("");
  const hoursInput = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState(place.photos);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState("");
  const onUploading = useCallback((busy: boolean) => setUploading(busy), []);
  const photosChanged = photos.join("\n") !== place.photos.join("\n");

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim() || uploading) return;
    setError("");
    setHoursError("");
    try {
      await update.mutateAsync({
        id: place.id,
        ...(place.canEdit
          ? {
              name: name.trim(),
              category,
              ...(hours !== shownHours ? { stayMinutes: Math.round(hours * 60) } : {}),
              openingHours: openingHours.trim() || null,
              notes: notes.trim() || null,
              ...(photosChanged ? { photos } : {}),
            }
          : {}),
        ...(place.myWish !== null ? { wishLevel: wish } : {}),
      });
      toast.success(t("places:edit.updated"));
      onClose();
    } catch (err) {
      // Unreadable hours: the message goes under the field, which keeps what was typed.
      if (isOpeningHoursError(err)) {
        setHoursError(t("server:validation.openingHours"));
        hoursInput.current?.focus();
      } else setError(serverText((err as Error).message) || t("server:places.updateFailed"));
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("places:edit.title")}>
      <form onSubmit={save} className="space-y-4" noValidate>
        <Field label={t("places:edit.name")}>
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              disabled={!place.canEdit}
            />
          )}
        </Field>
        <Field label={t("places:edit.category")}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={category}
              onChange={(e) => setCategory(e.target.value as PlaceCategory)}
              disabled={!place.canEdit}
            >
              {EDIT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {CATEGORY_KEY[c.value] ? t(CATEGORY_KEY[c.value]!) : c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {place.myWish !== null ? (
          <Field label={t("places:edit.wish", { wish })} hint={t("places:edit.wishHint")}>
            {(id, d) => (
              <input
                id={id}
                aria-describedby={d}
                type="range"
                min={1}
                max={10}
                step={1}
                value={wish}
                onChange={(e) => setWish(Number(e.target.value))}
                className="w-full accent-brand-700"
              />
            )}
          </Field>
        ) : null}
        <Field label={t("places:edit.stay")}>
          {(id) => (
            <Input
              id={id}
              type="number"
              min={0.5}
              max={24}
              step={0.5}
              value={hours}
              disabled={!place.canEdit}
              onChange={(e) => setHours(Math.min(24, Math.max(0.5, Number(e.target.value) || 0.5)))}
            />
          )}
        </Field>
        <Field
          label={t("places:edit.hours")}
          error={hoursError}
          hint={t("places:edit.hoursHint", {
            // Mid-sentence: "usual hours for temples" (a no-op for scripts without case).
            usual: usualHoursLabel(category).replace(/^./, (c) => c.toLowerCase()),
          })}
        >
          {(id, d) => (
            <Input
              id={id}
              ref={hoursInput}
              aria-describedby={d}
              aria-invalid={hoursError ? true : undefined}
              value={openingHours}
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              placeholder={
                place.openingHours?.source === "category" && place.category === category
                  ? place.openingHours.value
                  : "Mo-Fr 09:00-17:00; Sa 10:00-14:00" // i18n-exempt: an example of the OSM syntax, typed as is
              }
              onChange={(e) => {
                setOpeningHours(e.target.value);
                setHoursError("");
              }}
              disabled={!place.canEdit}
            />
          )}
        </Field>
        <Field label={t("places:field.notes")}>
          {(id) => (
            <TextArea
              id={id}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              disabled={!place.canEdit}
            />
          )}
        </Field>
        <PlacePhotos
          tripId={tripId}
          photos={photos}
          onChange={setPhotos}
          onBusyChange={onUploading}
          disabled={!place.canEdit}
        />
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t("common:action.cancel")}
          </Button>
          <Button type="submit" disabled={!name.trim() || update.isPending || uploading}>
            {t(update.isPending ? "common:status.saving" : "common:action.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
