import { useTranslation } from "react-i18next";
import { Spinner } from "../../ui/Spinner";

export type MapState = "loading" | "ready" | "failed";

/** The spec's 'Loading map...' and 'Failed to load map' over a map that is not ready. */
export function MapStatus({ state }: { state: MapState }) {
  const { t } = useTranslation();
  if (state === "ready") return null;
  return (
    <div
      className={`absolute inset-0 flex items-center justify-center gap-2 bg-slate-100 text-sm dark:bg-slate-800 ${state === "failed" ? "text-red-600" : "text-slate-500"}`}
    >
      {state === "loading" ? (
        <>
          <Spinner /> {t("map:loading")}
        </>
      ) : (
        t("map:failed")
      )}
    </div>
  );
}
