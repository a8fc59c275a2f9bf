import type { ChatAttachment, Place, PlaceResult } from "@tabi/contracts";
import { Check, MapPin, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { preloadable } from "../../lib/preloadable";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Stars } from "../../ui/Stars";
import { LocalName } from "../place-search/LocalName";
import { useAddPlace } from "../places/api";
import { PlaceImage } from "../places/PlaceImage";
import { placeFromResult } from "../places/resultCategory";
import { UNKNOWN_COLOR, useChat } from "./context";
import { failureText } from "./errors";
import { PlaceDialogBody } from "./PlaceDialog";

const card =
  "mt-1 flex w-64 max-w-full items-center gap-3 rounded-xl bg-white p-2 text-left text-slate-900 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700";

// A poll card loads its code and the polls catalogue when a chat shows one (issue 30), and shows as
// they arrive: through a Suspense fallback it showed 300 ms late at best (lib/preloadable.tsx).
const ChatPoll = preloadable(() => import("../polls/ChatPoll").then((m) => m.default));

/** A place of the trip or a search result, shared in a message (issue 14 item 8), or a poll. */
export function PlaceAttachment({ attachment }: { attachment: ChatAttachment }) {
  if (attachment.kind === "poll") return <PollAttachment pollId={attachment.pollId} />;
  return attachment.kind === "place" ? (
    <TripPlaceCard placeId={attachment.placeId} />
  ) : (
    <SearchResultCard result={attachment.result} />
  );
}

function PollAttachment({ pollId }: { pollId: string }) {
  const { tripId } = useChat();
  const ready = ChatPoll.useReady();
  return ready ? <ChatPoll tripId={tripId} pollId={pollId} /> : <p className={`${card} h-24`} />;
}

function TripPlaceCard({ placeId }: { placeId: string }) {
  const { t } = useTranslation();
  const { places } = useChat();
  const [open, setOpen] = useState(false);
  const place = places.get(placeId);
  if (!place)
    return (
      <p className={`${card} text-sm italic text-slate-500`}>
        <MapPin className="size-4 shrink-0" aria-hidden /> {t("chat:place.gone")}
      </p>
    );
  return (
    <>
      <button
        type="button"
        className={`${card} hover:bg-slate-50 dark:hover:bg-slate-800`}
        onClick={() => setOpen(true)}
      >
        <PlaceSummary place={place} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={place.name}>
        <PlaceDialogBody place={place} />
      </Dialog>
    </>
  );
}

function PlaceSummary({ place }: { place: Place }) {
  return (
    <>
      <PlaceImage
        photo={place.photos[0]}
        category={place.category}
        color={place.addedBy?.color ?? UNKNOWN_COLOR}
        className="size-14 shrink-0 rounded-lg"
      />
      <span className="min-w-0 flex-1" data-user-content>
        <span className="block truncate text-sm font-semibold">{place.name}</span>
        <LocalName result={place} className="block truncate text-xs" />
        {place.address ? (
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{place.address}</span>
        ) : null}
      </span>
    </>
  );
}

/** A search result's category as the add request takes it (a city is proposed as an attraction). */
function SearchResultCard({ result }: { result: PlaceResult }) {
  const { t } = useTranslation();
  const { tripId, places, canAddPlaces } = useChat();
  const add = useAddPlace(tripId);
  const inTrip = [...places.values()].some((p) => p.providerPlaceId === result.id);

  async function addToTrip() {
    try {
      const { merged, place } = await add.mutateAsync({
        ...placeFromResult(result),
        ...(result.stayMinutes ? { stayMinutes: result.stayMinutes } : {}),
      });
      toast.success(t(merged ? "places:add.merged" : "places:add.added", { name: place.name }));
    } catch (err) {
      toast.error(failureText(err, t("server:places.addFailed")));
    }
  }

  return (
    <div className={`${card} flex-col items-stretch`}>
      <div className="flex items-center gap-3">
        <PlaceImage
          photo={result.photoUrl ?? undefined}
          category={result.category}
          color="#0077BE"
          className="size-14 shrink-0 rounded-lg"
        />
        <span className="min-w-0 flex-1" data-user-content>
          <span className="block truncate text-sm font-semibold">{result.name}</span>
          <LocalName result={result} className="block truncate text-xs" />
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{result.address}</span>
          {result.rating ? <Stars value={result.rating} /> : null}
        </span>
      </div>
      {inTrip ? (
        <p className="flex items-center justify-center gap-1 py-1 text-xs font-medium text-brand-700 dark:text-brand-100">
          <Check className="size-3.5" aria-hidden /> {t("chat:place.inTrip")}
        </p>
      ) : canAddPlaces ? (
        <Button size="sm" className="mt-2" disabled={add.isPending} onClick={addToTrip}>
          <Plus className="size-4" aria-hidden />
          {add.isPending ? t("chat:place.adding") : t("chat:place.addToTrip")}
        </Button>
      ) : null}
    </div>
  );
}
