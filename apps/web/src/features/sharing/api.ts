import type {
  ShareAnalytics,
  ShareCreateInput,
  ShareLink,
  ShareType,
  ShareUpdateInput,
} from "@tabi/contracts";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

// The Share screen's calls (issue 15): a trip's share links, the link of each type shown on the
// screen (reused or created by the server, spec 3 s.4), their settings, revoking and access analytics.
// Not kept offline (lib/offline keeps "trips" and "me" only): a link is made and copied online.
export const shareKeys = {
  all: (tripId: string) => ["shares", tripId] as const,
  list: (tripId: string) => [...shareKeys.all(tripId), "list"] as const,
  /** The link of a type the screen shows: null after it was revoked, until a new one is asked for. */
  current: (tripId: string, type: ShareType) => [...shareKeys.all(tripId), "current", type] as const,
  analytics: (tripId: string, shareId: string) => [...shareKeys.all(tripId), "analytics", shareId] as const,
};

const base = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/shares`;

/** The public address of a link: `/shared/{token}` on this site. */
export const shareUrl = (link: Pick<ShareLink, "token">, origin = window.location.origin) =>
  `${origin}/shared/${link.token}`;

/** A link still opens: active, not expired and not used up. */
export function isUsable(link: ShareLink, now = Date.now()): boolean {
  if (!link.isActive) return false;
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return false;
  return link.maxUses == null || link.currentUses < link.maxUses;
}

/** The trip's active links, newest first. */
export const useShareLinks = (tripId: string, enabled = true) =>
  useQuery({
    queryKey: shareKeys.list(tripId),
    queryFn: async () => (await api<{ links: ShareLink[] }>(base(tripId))).links,
    enabled,
  });

/**
 * The link of a type, as the screen opens: POST with the type alone reuses an active, unexpired, not
 * used-up link of that type or creates one. Asked once per visit (a new one only after a revoke).
 */
export const useCurrentShareLink = (tripId: string, type: ShareType, enabled = true) => {
  const qc = useQueryClient();
  return useQuery({
    queryKey: shareKeys.current(tripId, type),
    queryFn: async (): Promise<ShareLink | null> => {
      const link = await api<ShareLink>(base(tripId), {
        body: { shareType: type } satisfies ShareCreateInput,
      });
      void qc.invalidateQueries({ queryKey: shareKeys.list(tripId), exact: true });
      return link;
    },
    enabled,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
};

/** Puts a link in the screen's place for its type and refreshes the list. */
function showLink(qc: QueryClient, tripId: string, link: ShareLink) {
  qc.setQueryData(shareKeys.current(tripId, link.shareType), link);
  return qc.invalidateQueries({ queryKey: shareKeys.list(tripId), exact: true });
}

/** Asks for a link (after a revoke: a fresh one; with settings: always a new one). */
export const useCreateShareLink = (tripId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareCreateInput) => api<ShareLink>(base(tripId), { body }),
    onSuccess: (link) => showLink(qc, tripId, link),
  });
};

/** Changes a link's settings; its URL stays. */
export const useUpdateShareLink = (tripId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, ...body }: ShareUpdateInput & { shareId: string }) =>
      api<ShareLink>(`${base(tripId)}/${encodeURIComponent(shareId)}`, { method: "PATCH", body }),
    onSuccess: (link) => {
      // Shown in its type's place only if it is the one shown there (a link from the list may not be).
      const key = shareKeys.current(tripId, link.shareType);
      if (qc.getQueryData<ShareLink | null>(key)?.id === link.id) qc.setQueryData(key, link);
      return qc.invalidateQueries({ queryKey: shareKeys.list(tripId), exact: true });
    },
  });
};

/** Revokes a link: its URL shows "Trip Not Found" from now on. */
export const useRevokeShareLink = (tripId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLink) =>
      api<null>(`${base(tripId)}/${encodeURIComponent(link.id)}`, { method: "DELETE" }),
    onSuccess: (_, link) => {
      const key = shareKeys.current(tripId, link.shareType);
      if (qc.getQueryData<ShareLink | null>(key)?.id === link.id) qc.setQueryData(key, null);
      qc.removeQueries({ queryKey: shareKeys.analytics(tripId, link.id) });
      return qc.invalidateQueries({ queryKey: shareKeys.list(tripId), exact: true });
    },
  });
};

/** Opens, unique visitors, joins and exports of a link over 30 days (Premium; 403 for the free plan). */
export const useShareAnalytics = (tripId: string, shareId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: shareKeys.analytics(tripId, shareId ?? ""),
    queryFn: () => api<ShareAnalytics>(`${base(tripId)}/${encodeURIComponent(shareId ?? "")}/analytics`),
    enabled: enabled && Boolean(shareId),
    staleTime: 60_000,
  });
