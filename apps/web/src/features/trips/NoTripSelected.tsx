import { Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../ui/EmptyState";

/** Trip screens before any trip is chosen (spec 2 'Trip detail page'). */
export function NoTripSelected() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Compass}
      title={t("server:messages.noTripTitle")}
      text={t("server:messages.noTripText")}
    >
      <Link
        to="/"
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {t("trips:detail.goHome")}
      </Link>
    </EmptyState>
  );
}
