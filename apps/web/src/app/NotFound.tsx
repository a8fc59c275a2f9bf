import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../ui/EmptyState";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={SearchX} title={t("shell:notFound.title")} text={t("shell:notFound.text")}>
      <Link
        to="/"
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {t("shell:goHome")}
      </Link>
    </EmptyState>
  );
}
