import type { ClientConfig } from "@tabi/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export const configQuery = queryOptions({
  queryKey: ["config"],
  queryFn: () => api<ClientConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useClientConfig = () => useQuery(configQuery).data;

/** The element the server writes GET /api/config's answer into when it serves index.html (http/web.ts). */
export const INLINE_CONFIG_ID = "tabi-config";

/**
 * The client config inlined in the page, if the server put it there: the first screen then never
 * waits for /api/config. A page without it (the service worker's copy of index.html, the dev server)
 * asks /api/config as before.
 */
export function inlineClientConfig(
  doc: Pick<Document, "getElementById"> = document,
): ClientConfig | undefined {
  const text = doc.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    // Written by our own server from the same object /api/config answers (no schema check here: it
    // would bring zod into the first screen's JavaScript).
    const parsed = JSON.parse(text) as ClientConfig | null;
    return parsed && typeof parsed === "object" && typeof parsed.productName === "string"
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

export function seedClientConfig(queryClient: QueryClient): void {
  const config = inlineClientConfig();
  if (config) queryClient.setQueryData(configQuery.queryKey, config);
}
