import { Loader2 } from "lucide-react";
import { cn } from "../lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <Loader2
      role="status"
      aria-label={label}
      className={cn("size-5 animate-spin text-brand-600", className)}
    />
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
