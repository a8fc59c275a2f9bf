import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useId } from "react";
import { cn } from "../../lib/cn";

/** One card of the Share screen: an icon and a heading, an optional action on the right, the body. */
export function ShareCard({
  icon: Icon,
  title,
  action,
  children,
  className,
}: {
  icon: LucideIcon;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900/80 dark:ring-slate-800",
        className,
      )}
    >
      <div className="mb-3 flex items-center gap-2">
        <span className="rounded-xl bg-brand-50 p-2 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100">
          <Icon className="size-4" aria-hidden />
        </span>
        <h2 id={id} className="min-w-0 flex-1 truncate font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
