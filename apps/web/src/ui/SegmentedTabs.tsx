import { cn } from "../lib/cn";

/** A row of two or more tabs in a pill (sign in/up, trip/my places, map/calendar ...). */
export function SegmentedTabs<T extends string>({
  label,
  value,
  options,
  onChange,
  full = true,
  className,
}: {
  label: string;
  value: T;
  options: readonly { value: NoInfer<T>; label: React.ReactNode }[];
  onChange(value: NoInfer<T>): void;
  /** Stretch over the whole width (equal columns), else as wide as the labels. */
  full?: boolean;
  className?: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn(
        "rounded-xl bg-slate-100 p-1 dark:bg-slate-800",
        full ? "grid auto-cols-fr grid-flow-col" : "inline-flex",
        className,
      )}
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            "flex min-w-0 items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-center text-sm leading-tight font-medium sm:px-4",
            value === o.value ? "bg-white shadow-sm dark:bg-slate-700" : "text-slate-600 dark:text-slate-300",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
