import type { Place } from "@tabi/contracts";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import type { PlaceActions } from "./PlaceCard";

/** Edit and delete, shown only when the server says the caller may (place.canEdit / canDelete). */
export function ManageButtons({ place, actions }: { place: Place; actions: PlaceActions }) {
  const { t } = useTranslation();
  return (
    <>
      {place.canEdit ? (
        <Button
          size="sm"
          variant="ghost"
          className="!px-2"
          aria-label={t("places:manage.edit", { name: place.name })}
          onClick={() => actions.onEdit(place)}
        >
          <Pencil className="size-4" />
        </Button>
      ) : null}
      {place.canDelete ? (
        <Button
          size="sm"
          variant="ghost"
          className="!px-2 text-red-600"
          aria-label={t("places:manage.delete", { name: place.name })}
          onClick={() => actions.onDelete(place)}
        >
          <Trash2 className="size-4" />
        </Button>
      ) : null}
    </>
  );
}
