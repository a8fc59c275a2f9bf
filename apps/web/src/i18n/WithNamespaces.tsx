import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../ui/Spinner";

/** Renders its screen once the screen's own catalogues (LATER_NAMESPACES) are loaded. */
export function WithNamespaces({ ns, children }: { ns: string[]; children: ReactNode }) {
  const { ready } = useTranslation(ns);
  return ready ? children : <FullPageSpinner />;
}
