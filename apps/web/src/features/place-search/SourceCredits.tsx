import type { PlaceSource } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

const SOURCE_LABEL = {
  offline: "search:source.offline",
  photon: "search:source.photon",
  nominatim: "search:source.nominatim",
  google: "search:source.google",
} as const;

/**
 * Which source answered a place or restaurant search, each with its credit line (issue 25): the
 * default set-up mixes the built-in place list and OpenStreetMap's search. An answer without
 * `sources` (an older server) shows its one credit line.
 */
export function SourceCredits({
  sources,
  attribution,
  className,
}: {
  sources?: PlaceSource[];
  attribution?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!sources?.length) return attribution ? <p className={className}>{attribution}</p> : null;
  return (
    <div className={cn("space-y-0.5", className)}>
      {sources.map((s) => (
        <p key={s.name} data-source={s.name}>
          <span className="font-medium">{t(SOURCE_LABEL[s.name])}</span>
          <span aria-hidden className="px-1">
            ·
          </span>
          {s.attribution}
        </p>
      ))}
    </div>
  );
}
