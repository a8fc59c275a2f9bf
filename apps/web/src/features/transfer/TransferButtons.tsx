import type { ExportFormat } from "@tabi/contracts";
import { ChevronDown, FileUp, Map as MapIcon } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { menuContent, menuItem } from "../../app/layout/menuStyles";
import { cn } from "../../lib/cn";
import { preloadable } from "../../lib/preloadable";
import { Button } from "../../ui/Button";

// The dialog and its code load when it is opened (the first screen's budget, issue 28).
const ImportDialog = preloadable(() => import("./ImportDialog").then((m) => m.default));

/** "Import places" on the places screen; the transfer catalogue loads with the button. */
export function ImportPlacesButton({ tripId }: { tripId: string }) {
  const { t, ready } = useTranslation("transfer");
  const [open, setOpen] = useState(false);
  if (!ready) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => ImportDialog.whenLoaded(() => setOpen(true))}>
        <FileUp className="size-4" aria-hidden /> {t("transfer:import.open")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog tripId={tripId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

const FORMATS: ExportFormat[] = ["kml", "gpx"];

/**
 * "Export for maps": the places and the plan as KML (Google My Maps, Organic Maps) or GPX (OsmAnd,
 * Garmin); the server names the file after the trip.
 */
export function ExportMapsMenu({
  urlOf,
  className,
  size = "sm",
}: {
  urlOf: (format: ExportFormat) => string;
  className?: string;
  size?: "sm" | "md";
}) {
  const { t, ready } = useTranslation("transfer");
  if (!ready) return null;
  return (
    <M.Root>
      <M.Trigger asChild>
        <Button size={size} variant="secondary" className={className}>
          <MapIcon className="size-4 shrink-0" aria-hidden /> {t("transfer:export.open")}
          <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden />
        </Button>
      </M.Trigger>
      <M.Portal>
        <M.Content className={menuContent} align="end" sideOffset={6}>
          {FORMATS.map((format) => (
            <M.Item key={format} asChild className={cn(menuItem)}>
              <a href={urlOf(format)} download>
                {t(format === "kml" ? "transfer:export.kml" : "transfer:export.gpx")}
              </a>
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
