import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}

/** A modal that is a bottom sheet on phones and a centred card on wider screens. */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const { t } = useTranslation();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <D.Content
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl outline-none dark:bg-slate-900 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 pt-5 pb-3 dark:border-slate-800">
            <div className="min-w-0">
              <D.Title className="text-lg font-semibold">{title}</D.Title>
              {description ? (
                <D.Description className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                  {description}
                </D.Description>
              ) : (
                <D.Description className="sr-only">
                  {typeof title === "string" ? title : t("shell:dialog.fallbackTitle")}
                </D.Description>
              )}
            </div>
            <D.Close
              aria-label={t("common:action.close")}
              className="-mr-1 shrink-0 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X className="size-5" />
            </D.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {children}
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
