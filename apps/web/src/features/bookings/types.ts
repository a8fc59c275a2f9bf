import type { Booking } from "@tabi/contracts";

// What a booking dialog is opened on (issue 17): a leg of the plan for flights and transport, a night
// for hotels, a meal of a day for restaurants. The itinerary screen builds these from the plan.

export interface LegEnd {
  name: string;
  lat: number;
  lng: number;
  /** A trip place's id, or the plan's system id (airport_NRT_arrival); absent for a day's start or end point. */
  placeId?: string;
  /** An airport's IATA code, when the end is an airport of the plan. */
  iata?: string;
}

/** One leg of the plan: a flight or transport booking belongs to it by route ('from → to') and date. */
export interface BookingLeg {
  from: LegEnd;
  to: LegEnd;
  /** yyyy-mm-dd: the day of the plan the leg is on. */
  date: string;
  /** The plan's mode for the leg: walking | public_transport | car | flight. */
  mode: string;
  /** The plan's travel minutes for the leg, when known. */
  minutes?: number;
}

/** A night of the plan: a hotel booking belongs to it by check-in date (and covers to check-out). */
export interface BookingNight {
  /** yyyy-mm-dd of the evening (check-in date by default; check-out the next day). */
  date: string;
  /** Where the group is that evening (the day's end point), for the search links and the map. */
  near: { name: string; lat: number; lng: number } | null;
  /** The city to search hotels in (the trip's destination or the end point's name). */
  city: string;
}

/** Common props of the three booking dialogs. */
export interface BookingDialogProps {
  tripId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Default passengers and guests (spec: the member count, or 1). */
  memberCount: number;
  /** A saved booking to open in its form (from the trip's bookings list). */
  booking?: Booking | null;
}
