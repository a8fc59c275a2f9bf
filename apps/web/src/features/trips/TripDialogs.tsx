import type { Trip } from "@tabi/contracts";
import { useNavigate } from "react-router";
import { Dialog } from "../../ui/Dialog";
import { setCurrentTripId } from "./currentTrip";
import { JoinTripForm } from "./JoinTripForm";
import { TripForm } from "./TripFormDialog";
import { type SettingsTab, TripSettings } from "./TripSettings";

export type TripDialogState =
  | { kind: "create" }
  | { kind: "edit"; trip: Trip }
  | { kind: "join"; blocked: boolean }
  | { kind: "settings"; tripId: string; tab: SettingsTab };

/** The trip dialogs, loaded on first use (they carry the date picker and place search). */
export default function TripDialogs({ state, onClose }: { state: TripDialogState; onClose(): void }) {
  const navigate = useNavigate();
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  if (state.kind === "create" || state.kind === "edit") {
    return (
      <Dialog open onOpenChange={close} title={state.kind === "create" ? "Create Trip" : "Edit Trip"}>
        <TripForm
          trip={state.kind === "edit" ? state.trip : undefined}
          onDone={(trip: Trip) => {
            onClose();
            if (state.kind === "create") {
              setCurrentTripId(trip.id);
              navigate("/my-trip");
            }
          }}
        />
      </Dialog>
    );
  }
  if (state.kind === "join") {
    return (
      <Dialog
        open
        onOpenChange={close}
        title="Join Trip"
        description="Ask a member of the trip for its code."
      >
        <JoinTripForm blocked={state.blocked} onDone={onClose} />
      </Dialog>
    );
  }
  return (
    <Dialog open onOpenChange={close} title="Trip Settings">
      <TripSettings tripId={state.tripId} tab={state.tab} onDone={onClose} />
    </Dialog>
  );
}
