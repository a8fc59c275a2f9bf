import type { ChatAttachment } from "@tabi/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/Dialog";
import { LocalName } from "../place-search/LocalName";
import { PlaceSearchBox } from "../place-search/PlaceSearchBox";
import { tripPoints } from "../place-search/trip-points";
import { PlaceImage } from "../places/PlaceImage";
import { useTrip } from "../trips/api";
import { UNKNOWN_COLOR, useChat } from "./context";

/** Share a place: one of the trip's, or a search result the others can add (issue 14 item 8). */
export function PlacePicker({ onPick, onClose }: { onPick(a: ChatAttachment): void; onClose(): void }) {
  const { t } = useTranslation();
  const { tripId, places } = useChat();
  const trip = useTrip(tripId).data?.trip;
  const list = useMemo(() => [...places.values()].sort((a, b) => a.name.localeCompare(b.name)), [places]);
  const points = useMemo(() => (trip ? tripPoints(trip, list) : []), [trip, list]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("chat:place.pickTitle")}>
      <div className="space-y-4">
        <div className="space-y-1">
          <p className="text-sm font-medium">{t("chat:place.searchLabel")}</p>
          <PlaceSearchBox
            value={null}
            allowFreeText={false}
            trip={points}
            placeholder={t("chat:place.searchPlaceholder")}
            onChange={(p) => {
              if (p?.result) onPick({ kind: "searchResult", result: p.result });
            }}
          />
        </div>
        <div className="space-y-1">
          <p className="text-sm font-medium">{t("chat:place.tripPlaces")}</p>
          {list.length === 0 ? (
            <p className="py-3 text-sm text-slate-500">{t("chat:place.noPlaces")}</p>
          ) : (
            <ul className="max-h-72 space-y-1 overflow-y-auto">
              {list.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => onPick({ kind: "place", placeId: p.id })}
                    className="flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <PlaceImage
                      photo={p.photos[0]}
                      category={p.category}
                      color={p.addedBy?.color ?? UNKNOWN_COLOR}
                      className="size-10 shrink-0 rounded-lg"
                    />
                    <span className="min-w-0 flex-1" data-user-content>
                      <span className="block truncate text-sm font-medium">
                        {p.name} <LocalName result={p} className="text-xs" />
                      </span>
                      {p.address ? (
                        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                          {p.address}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
