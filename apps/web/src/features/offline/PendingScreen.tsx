import { CloudOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../ui/EmptyState";
import { FullPageSpinner } from "../../ui/Spinner";

interface PendingRead {
  isPending: boolean;
  fetchStatus: string;
}

/**
 * A screen whose reads have not answered yet: the spinner, or, offline with nothing of them saved on
 * this device (the screen never opened here online), a note that it loads once back online. A read
 * waiting for the network is paused, not failed: a spinner alone would turn for as long as the
 * device stays offline.
 */
export function PendingScreen({ reads }: { reads: PendingRead[] }) {
  const { t } = useTranslation();
  if (!reads.some((r) => r.isPending && r.fetchStatus === "paused")) return <FullPageSpinner />;
  return <EmptyState icon={CloudOff} title={t("offline:notSaved.title")} text={t("offline:notSaved.text")} />;
}
