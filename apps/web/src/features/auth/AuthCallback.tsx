import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Spinner } from "../../ui/Spinner";
import { rememberPendingShare, sharedPath, shareFromSearch, takePendingShare } from "./pendingShare";
import { meQuery } from "./session";

/** Spec 3 'Auth callback': where confirmation links and Google sign-in land. */
export function AuthCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    // A confirmation link or Google carries the shared trip the visitor was joining (?share=).
    const share = shareFromSearch(window.location.search);
    if (share) rememberPendingShare(share);
    const error = params.get("error");
    if (error) {
      const description = params.get("error_description") ?? "";
      // The sign-in screen shows it in the app's language (redirectedAuthError).
      navigate(`/?error=${encodeURIComponent(`OAuth Error: ${error} - ${description}`)}`, { replace: true });
      return;
    }
    // Only the last run acts (StrictMode runs an effect twice; the token is read once).
    let cancelled = false;
    queryClient
      .fetchQuery({ ...meQuery, staleTime: 0 })
      .then((me) => {
        if (cancelled) return;
        if (me) {
          const pending = takePendingShare();
          navigate(pending ? sharedPath(pending) : "/", { replace: true });
        }
        // A confirmed address without a session (decision 0006): back to the shared trip, whose
        // join dialog offers sign-in; the token waits in storage until the visitor has signed in.
        else navigate(share ? sharedPath(share) : "/", { replace: true });
      })
      .catch(
        (err: Error) =>
          !cancelled && navigate(`/?error=${encodeURIComponent(err.message)}`, { replace: true }),
      );
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300">
      <Spinner className="size-8" />
      <p>{t("auth:callback.completing")}</p>
    </div>
  );
}
