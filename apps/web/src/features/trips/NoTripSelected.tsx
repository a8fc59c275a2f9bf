import { MESSAGES } from "@tabi/contracts";
import { Compass } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../ui/EmptyState";

/** Trip screens before any trip is chosen (spec 2 'Trip detail page'). */
export function NoTripSelected() {
  return (
    <EmptyState icon={Compass} title={MESSAGES.noTripTitle} text={MESSAGES.noTripText}>
      <Link
        to="/"
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        Go to My Trips
      </Link>
    </EmptyState>
  );
}
