import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { forgetPendingShare, pendingShare } from "../auth/pendingShare";
import { useMe } from "../auth/session";
import { tripKeys } from "../trips/api";
import { JoinDialog } from "./JoinDialog";
import { joinShare, sharedViewQuery } from "./publicApi";
import { SharedPassword } from "./SharedPassword";
import { SharedLoading, SharedNotFound, useDocumentTitle } from "./SharedStatus";
import { type SharedOk, SharedTripView } from "./SharedTripView";

// The printable page (/shared/{token}/print) comes in this page's chunk: one lazy chunk for both
// keeps the first load's shared code in fewer, larger pieces.
export { default as PrintTripPage } from "./PrintTripPage";

/** Spec 3 s.9: the join waits 500 ms before the trip list is read again. */
const JOIN_SETTLE_MS = 500;
const tripPath = (id: string) => `/trip/${encodeURIComponent(id)}`;

/**
 * Public shared-trip page (spec 3): loading, not found, password, the join dialog over a blurred
 * preview for signed-out visitors of a link that allows joining, the automatic join for signed-in
 * ones, else the read-only page.
 */
export default function SharedTripPage() {
  const { t } = useTranslation();
  const { shareToken = "" } = useParams();
  const me = useMe();
  const userId = me.data?.id ?? null;
  const view = useQuery({ ...sharedViewQuery(shareToken, userId), enabled: !me.isPending });
  const join = useJoin(shareToken);
  const ok = view.data?.status === "ok" ? view.data : null;
  const signedIn = Boolean(me.data);
  const joinable = Boolean(ok?.permissions.canJoinAsMember);
  const [dialogOpen, setDialogOpen] = useState(true);
  useDocumentTitle(ok?.trip.name);

  // Signed in on a link that allows joining: join once per visitor and link (a member goes straight in).
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!ok || !signedIn || !ok.permissions.canJoinAsMember) return;
    const key = `${shareToken}|${userId}`;
    if (started.current === key) return;
    started.current = key;
    if (pendingShare() === shareToken) forgetPendingShare();
    join.start(ok.memberTripId);
  }, [ok, signedIn, userId, shareToken, join.start]);

  if (me.isPending || view.isPending) return <SharedLoading text={t("sharing:loading")} />;
  if (view.isError) return <SharedNotFound error={view.error} />;
  if (view.data.status === "password") return <SharedPassword token={shareToken} />;
  const data = view.data as SharedOk;
  if (signedIn && joinable && join.state !== "failed") return <SharedLoading text={t("sharing:joining")} />;

  if (!signedIn && joinable)
    return (
      <>
        {/* The preview behind the dialog: blurred, not reachable; closing the dialog shows it plainly. */}
        <div
          className={dialogOpen ? "pointer-events-none select-none blur-sm" : undefined}
          aria-hidden={dialogOpen || undefined}
          inert={dialogOpen || undefined}
        >
          <SharedTripView token={shareToken} view={data} onJoin={() => setDialogOpen(true)} />
        </div>
        <JoinDialog
          token={shareToken}
          tripName={data.trip.name}
          placeCount={data.trip.placeCount}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          // Back from the confirmation link (decision 0006: it does not sign in): sign in to join.
          initialMode={pendingShare() === shareToken ? "signin" : "signup"}
        />
      </>
    );

  const top =
    join.state === "failed" ? (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/50 dark:text-red-100 dark:ring-red-900"
      >
        <TriangleAlert className="size-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">{join.message}</p>
        <Button size="sm" variant="secondary" onClick={() => join.start(null)}>
          {t("common:action.tryAgain")}
        </Button>
      </div>
    ) : data.memberTripId ? (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-100 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-900">
        <p className="min-w-0 flex-1">{t("sharing:page.member")}</p>
        <Link
          to={tripPath(data.memberTripId)}
          className="inline-flex h-8 items-center gap-1.5 rounded-xl bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {t("sharing:page.openTrip")}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    ) : null;
  return <SharedTripView token={shareToken} view={data} top={top} />;
}

/**
 * POST join (spec 3 s.4): a duplicate member is a success; then 500 ms, the trip list read again, and
 * /trip/{id} (spec 1 s.2). A plan limit says the server's words; anything else the spec's failure.
 */
function useJoin(token: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: () => joinShare(token) });
  const [state, setState] = useState<"idle" | "joining" | "failed">("idle");
  const [message, setMessage] = useState("");
  const { mutateAsync } = mutation;

  const start = useCallback(
    async (memberTripId: string | null) => {
      setState("joining");
      if (memberTripId) return navigate(tripPath(memberTripId), { replace: true });
      try {
        const { tripId } = await mutateAsync();
        await new Promise((r) => setTimeout(r, JOIN_SETTLE_MS));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: tripKeys.all }),
          queryClient.invalidateQueries({ queryKey: ["me", "stats"] }),
        ]);
        navigate(tripPath(tripId), { replace: true });
      } catch (err) {
        setMessage(
          err instanceof ApiError && err.code === "PLAN_LIMIT" && err.message
            ? err.message
            : t("server:sharing.joinFailed"),
        );
        setState("failed");
      }
    },
    [mutateAsync, navigate, queryClient, t],
  );
  return { start, state, message };
}
