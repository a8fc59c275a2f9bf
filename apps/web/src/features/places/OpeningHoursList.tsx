import type { Place } from "@tabi/contracts";
import { cn } from "../../lib/cn";
import { openingHoursView } from "./openingHours";

/**
 * A place's opening hours, one line per rule, and "Usual hours for temples" when they are the
 * category's. `inline` lets the rules wrap side by side in a dense row (each rule whole while it fits).
 */
export function OpeningHoursList({
  place,
  inline = false,
  className,
}: {
  place: Pick<Place, "openingHours" | "category">;
  inline?: boolean;
  className?: string;
}) {
  const view = openingHoursView(place);
  if (!view) return null;
  return (
    <div className={className}>
      <ul className={cn(inline ? "flex flex-wrap gap-x-3" : "space-y-0.5")}>
        {view.lines.map((line, i) => (
          // Inline, each rule stays on one line while it fits; a longer one wraps within itself.
          // Rules can repeat word for word; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="min-w-0 break-words">
            {line}
          </li>
        ))}
      </ul>
      {view.source ? <p className="text-xs text-slate-500 dark:text-slate-400">{view.source}</p> : null}
    </div>
  );
}
