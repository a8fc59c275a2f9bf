import type { Place } from "@tabi/contracts";
import { MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Stars } from "../../ui/Stars";
import { LocalName } from "../place-search/LocalName";
import { PlaceImage } from "../places/PlaceImage";
import { UNKNOWN_COLOR } from "./context";

/** A trip place opened from a chat message: what it is, who wants it, and the way to the Places screen. */
export function PlaceDialogBody({ place }: { place: Place }) {
  const { t } = useTranslation();
  const wish = place.wishes.length ? Math.max(...place.wishes.map((w) => w.wishLevel)) / 2 : 0;
  return (
    <div className="space-y-3" data-user-content>
      <PlaceImage
        photo={place.photos[0]}
        category={place.category}
        color={place.addedBy?.color ?? UNKNOWN_COLOR}
        className="h-44 w-full rounded-2xl"
      />
      <div>
        <LocalName result={place} className="text-sm" />
        {place.address ? (
          <p className="flex items-start gap-1 text-sm text-slate-600 dark:text-slate-300">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {place.address}
          </p>
        ) : null}
        {wish ? <Stars value={wish} /> : null}
      </div>
      {place.wishes.length ? (
        <ul className="flex flex-wrap gap-1.5">
          {place.wishes.map((w) => (
            <li
              key={w.userId}
              className="rounded-full px-2 py-0.5 text-xs font-medium text-white"
              style={{ backgroundColor: w.color }}
            >
              {w.name}
            </li>
          ))}
        </ul>
      ) : null}
      {place.notes ? <p className="whitespace-pre-wrap text-sm">{place.notes}</p> : null}
      <Link
        to="/my-trip/my-places"
        className="inline-flex text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {t("chat:place.showInPlaces")}
      </Link>
    </div>
  );
}
