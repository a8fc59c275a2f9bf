import type { ClientConfig } from "@tabi/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export const configQuery = queryOptions({
  queryKey: ["config"],
  queryFn: () => api<ClientConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useClientConfig = () => useQuery(configQuery).data;
