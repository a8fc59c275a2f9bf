import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Spinner } from "../../ui/Spinner";
import { meQuery } from "./session";

/** Spec 3 'Auth callback': where confirmation links and Google sign-in land. */
export function AuthCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const error = params.get("error");
    if (error) {
      const description = params.get("error_description") ?? "";
      // The sign-in screen shows it in the app's language (redirectedAuthError).
      navigate(`/?error=${encodeURIComponent(`OAuth Error: ${error} - ${description}`)}`, { replace: true });
      return;
    }
    queryClient
      .fetchQuery({ ...meQuery, staleTime: 0 })
      .then((me) => {
        const pendingShare = localStorage.getItem("pendingShareToken");
        if (me && pendingShare) {
          localStorage.removeItem("pendingShareToken");
          navigate(`/shared/${pendingShare}`, { replace: true });
        } else navigate("/", { replace: true });
      })
      .catch((err: Error) => navigate(`/?error=${encodeURIComponent(err.message)}`, { replace: true }));
  }, [navigate, queryClient]);
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300">
      <Spinner className="size-8" />
      <p>{t("auth:callback.completing")}</p>
    </div>
  );
}
