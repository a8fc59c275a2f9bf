import { Star, StarHalf } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../i18n/format";
import { cn } from "../lib/cn";

/** Read-only stars for a value out of five (halves shown). */
export function Stars({ value, className, label }: { value: number; className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn("inline-flex items-center", className)}
      role="img"
      aria-label={label ?? t("shell:stars.rating", { value: formatNumber(value) })}
    >
      {[1, 2, 3, 4, 5].map((i) =>
        value >= i ? (
          <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
        ) : value >= i - 0.5 ? (
          <StarHalf key={i} className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
        ) : (
          <Star key={i} className="size-3.5 text-slate-300 dark:text-slate-600" aria-hidden />
        ),
      )}
    </span>
  );
}

/** Five stars to pick from, as a radio group (arrow keys work). */
export function StarInput({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange(v: number): void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={value === i}
          aria-label={t("shell:stars.option", { count: i })}
          tabIndex={value === i ? 0 : -1}
          onClick={() => onChange(i)}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight" || e.key === "ArrowUp") onChange(Math.min(5, value + 1));
            if (e.key === "ArrowLeft" || e.key === "ArrowDown") onChange(Math.max(1, value - 1));
          }}
          className="rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Star
            className={cn(
              "size-8",
              i <= value ? "fill-amber-400 text-amber-400" : "text-slate-300 dark:text-slate-600",
            )}
            aria-hidden
          />
        </button>
      ))}
    </div>
  );
}
