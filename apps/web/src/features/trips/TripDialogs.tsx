import type { Trip } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  if (state.kind === "create" || state.kind === "edit") {
    return (
      <Dialog
        open
        onOpenChange={close}
        title={state.kind === "create" ? t("trips:form.createTitle") : t("trips:form.editTitle")}
      >
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
        title={t("trips:join.title")}
        description={t("trips:join.description")}
      >
        <JoinTripForm blocked={state.blocked} onDone={onClose} />
      </Dialog>
    );
  }
  return (
    <Dialog open onOpenChange={close} title={t("trips:settings.title")}>
      <TripSettings tripId={state.tripId} tab={state.tab} onDone={onClose} />
    </Dialog>
  );
}
