import type { Booking } from "@tabi/contracts";
import { Suspense } from "react";
import { preloadable } from "../../lib/preloadable";
import type { BookingLeg, BookingNight } from "./types";

// The three booking dialogs, each loaded when first opened (they bring their own namespaces), and
// shown once loaded rather than through a Suspense fallback, which React reveals 300 ms late.
const FlightDialog = preloadable(() => import("./FlightDialog").then((m) => m.FlightDialog));
const HotelDialog = preloadable(() => import("./HotelDialog").then((m) => m.HotelDialog));
const TransportDialog = preloadable(() => import("./TransportDialog").then((m) => m.TransportDialog));

/** Which booking dialog is open, on what. */
export type OpenBooking = (
  | { kind: "flight"; leg: BookingLeg | null }
  | { kind: "hotel"; night: BookingNight | null }
  | { kind: "transport"; leg: BookingLeg | null }
) & { /** Opens this saved booking's form. */ booking?: Booking };

/** A leg of the plan opens the flight dialog when it is flown, the transport dialog otherwise. */
export const dialogForLeg = (leg: BookingLeg): OpenBooking =>
  leg.mode === "flight" ? { kind: "flight", leg } : { kind: "transport", leg };

/** Mounts the open booking dialog (only while open). */
export function BookingDialogHost({
  tripId,
  memberCount,
  open,
  onClose,
}: {
  tripId: string;
  memberCount: number;
  open: OpenBooking | null;
  onClose(): void;
}) {
  const ready = {
    flight: FlightDialog.useReady(open?.kind === "flight"),
    hotel: HotelDialog.useReady(open?.kind === "hotel"),
    transport: TransportDialog.useReady(open?.kind === "transport"),
  };
  if (!open || !ready[open.kind]) return null;
  const common = {
    tripId,
    open: true,
    memberCount,
    booking: open.booking ?? null,
    onOpenChange: (o: boolean) => !o && onClose(),
  };
  return (
    <Suspense fallback={null}>
      {open.kind === "flight" ? (
        <FlightDialog {...common} leg={open.leg} />
      ) : open.kind === "hotel" ? (
        <HotelDialog {...common} night={open.night} />
      ) : (
        <TransportDialog {...common} leg={open.leg} />
      )}
    </Suspense>
  );
}
