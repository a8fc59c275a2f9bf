import { PRODUCT_NAME } from "@tabi/contracts";
import { useQuery } from "@tanstack/react-query";
import { MapPinOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../lib/api";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";

/** Public shared-trip page (spec 3). Reading a share goes through /api/shared/{token}. */
export default function SharedTripPage() {
  const { t } = useTranslation();
  const { shareToken = "" } = useParams();
  const shared = useQuery({
    queryKey: ["shared", shareToken],
    queryFn: () => api<{ trip: { name: string } }>(`/api/shared/${encodeURIComponent(shareToken)}`),
    retry: false,
  });
  if (shared.isPending)
    return (
      <div className="flex flex-col items-center gap-3 py-20 text-slate-600 dark:text-slate-300">
        <Spinner className="size-8" />
        <p>{t("sharing:loading")}</p>
      </div>
    );
  if (shared.isError)
    return (
      <EmptyState icon={MapPinOff} title={t("sharing:notFound.title")} text={t("sharing:notFound.text")}>
        <Link
          to="/"
          className="rounded-xl bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t("sharing:goTo", { product: PRODUCT_NAME })}
        </Link>
      </EmptyState>
    );
  return <h2 className="text-xl font-semibold">{shared.data.trip.name}</h2>;
}
