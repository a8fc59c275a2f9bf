import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Loader2
      role="status"
      aria-label={label ?? t("shell:spinner.loading")}
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
