import { PRODUCT_NAME } from "@tabi/contracts";
import { MapPinOff } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";

/** "Loading shared trip..." or "Joining trip..." (spec 3). */
export function SharedLoading({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-20 text-slate-600 dark:text-slate-300">
      <Spinner className="size-8" label={text} />
      <p>{text}</p>
    </div>
  );
}

/** The error page: "Trip Not Found" with the message and a button back to the product (spec 3). */
export function SharedNotFound({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // The server's words for a missing, expired or revoked link; else the spec's load failure.
  const message =
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
      ? error.message
      : t("server:sharing.loadFailed");
  return (
    <div className="mx-auto max-w-lg py-6">
      <EmptyState icon={MapPinOff} title={t("sharing:notFound")} text={message}>
        <Link
          to="/"
          className="mt-1 inline-flex h-10 items-center rounded-xl bg-brand-700 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {t("sharing:goTo", { product: PRODUCT_NAME })}
        </Link>
      </EmptyState>
    </div>
  );
}

/** The trip's name as the tab's title (and the default file name of "Save as PDF"), while shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
