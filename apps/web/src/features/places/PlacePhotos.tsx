import { MAX_PHOTOS_PER_PLACE } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { PhotoPicker } from "./PhotoPicker";

/**
 * A place's photos (up to 5, spec 3): thumbnails with a remove button and "Add photo", which uploads
 * the chosen image to the trip at once (shown with its progress) and adds its URL; the form saves
 * the list. A file that is no image or over 10 MB is refused here, before any upload.
 */
export function PlacePhotos({
  tripId,
  photos,
  onChange,
  onBusyChange,
  disabled = false,
}: {
  tripId: string;
  photos: string[];
  /** Given how to change the list (uploads may finish in any order). */
  onChange(update: (photos: string[]) => string[]): void;
  /** True while an upload runs: the form waits for it before saving. */
  onBusyChange?(busy: boolean): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PhotoPicker
      tripId={tripId}
      purpose="place"
      photos={photos}
      max={MAX_PHOTOS_PER_PLACE}
      onChange={onChange}
      onBusyChange={onBusyChange}
      disabled={disabled}
      texts={{
        title: t("places:photos.title"),
        count: t("places:photos.count", { index: photos.length, max: MAX_PHOTOS_PER_PLACE }),
        photo: (index) => t("places:photos.photo", { index }),
        remove: (index) => t("places:photos.remove", { index }),
        add: t("places:photos.add"),
        uploading: (name) => t("places:photos.uploading", { name }),
        notImage: (name) => t("places:photos.notImage", { name }),
        tooLarge: (name) => t("places:photos.tooLarge", { name }),
        uploadFailed: (name) => t("places:photos.uploadFailed", { name }),
        limit: t("places:photos.limit", { max: MAX_PHOTOS_PER_PLACE }),
        hint: t("places:photos.hint"),
      }}
    />
  );
}
