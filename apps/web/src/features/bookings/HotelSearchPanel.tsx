import { BOOKING_LIMITS } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, Input, inputClass } from "../../ui/Field";
import { defaultPeople } from "./bookingForm";
import { PeopleOptions, SearchLinks } from "./FormParts";
import { addDays, hotelSearchLinks } from "./searchLinks";
import type { BookingNight } from "./types";

export interface HotelSearchChoice {
  checkInDate: string;
  checkOutDate: string;
  guests: number;
}

/**
 * 'Search Hotels' (spec 2 s.2), honestly: the night's city and dates sent to real hotel sites in a new
 * tab. No demo hotels: the booking is added here afterwards.
 */
export function HotelSearchPanel({
  night,
  memberCount,
  onAdd,
}: {
  night: BookingNight | null;
  memberCount: number;
  onAdd(choice: HotelSearchChoice): void;
}) {
  const { t } = useTranslation(["bookings"]);
  const [city, setCity] = useState(night?.city ?? "");
  const [checkIn, setCheckIn] = useState(night?.date ?? "");
  const [checkOut, setCheckOut] = useState(night ? addDays(night.date, 1) : "");
  const [guests, setGuests] = useState(defaultPeople(memberCount));
  const datesOk = Boolean(checkIn && checkOut && checkOut > checkIn);
  const ready = Boolean(city.trim()) && datesOk;

  return (
    <div className="space-y-4">
      <Field label={t("bookings:hotel.city")}>
        {(id) => <Input id={id} value={city} maxLength={200} onChange={(e) => setCity(e.target.value)} />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:hotel.checkInDate")}>
          {(id) => (
            <Input
              id={id}
              type="date"
              value={checkIn}
              onChange={(e) => {
                const next = e.target.value;
                setCheckIn(next);
                // Keep at least one night.
                if (next && (!checkOut || checkOut <= next)) setCheckOut(addDays(next, 1));
              }}
            />
          )}
        </Field>
        <Field label={t("bookings:hotel.checkOutDate")}>
          {(id) => (
            <Input
              id={id}
              type="date"
              min={checkIn ? addDays(checkIn, 1) : undefined}
              value={checkOut}
              onChange={(e) => setCheckOut(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t("bookings:hotel.guests")}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={guests}
            onChange={(e) => setGuests(Number(e.target.value))}
          >
            <PeopleOptions max={BOOKING_LIMITS.guestsMax} />
          </select>
        )}
      </Field>
      <SearchLinks
        links={ready ? hotelSearchLinks({ city, checkIn, checkOut, guests }) : []}
        missing={ready ? null : t("bookings:search.needCity")}
        onAdd={() =>
          onAdd(
            datesOk
              ? { checkInDate: checkIn, checkOutDate: checkOut, guests }
              : { ...noDates(night), guests },
          )
        }
      />
    </div>
  );
}

const noDates = (night: BookingNight | null) => ({
  checkInDate: night?.date ?? "",
  checkOutDate: night ? addDays(night.date, 1) : "",
});
