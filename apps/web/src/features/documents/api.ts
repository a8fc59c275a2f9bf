import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type TripDocument } from "@tabi/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "../../i18n";
import { api, networkError, readAnswer } from "../../lib/api";

// The trip's documents (issue 30 item 4). Every change on the server publishes `documents.changed`
// on the trip's channel (itinerary/api.ts useTripChannel), which refetches the list.
export const documentKeys = {
  all: (tripId: string) => ["documents", tripId] as const,
};

const base = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/documents`;

export const useDocuments = (tripId: string) =>
  useQuery({
    queryKey: documentKeys.all(tripId),
    queryFn: async () => (await api<{ documents: TripDocument[] }>(base(tripId))).documents,
  });

/** What the file picker offers: PDFs and images (the server reads the bytes and has the last word). */
export const DOCUMENT_ACCEPT = [...DOCUMENT_TYPES, ".pdf", ".heic", ".heif"].join(",");

/** Why a chosen file cannot be sent, checked before any upload: only its size can be told here. */
export const isTooLarge = (file: { size: number }) => file.size > MAX_DOCUMENT_BYTES;

/**
 * Uploads one file (POST /api/trips/{tripId}/documents, multipart) with its progress: XMLHttpRequest
 * rather than fetch, which reports none. Rejects with ApiError as api() does.
 */
export function uploadDocument(
  tripId: string,
  file: File,
  options: { bookingId?: string; shared: boolean; onProgress?: (fraction: number) => void },
): Promise<TripDocument> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({ shared: String(options.shared) });
    if (options.bookingId) query.set("bookingId", options.bookingId);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base(tripId)}?${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept-language", currentLanguage());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer<TripDocument>(xhr.status, xhr.responseText, xhr.getResponseHeader("retry-after")));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(networkError());
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

export function useUpdateDocument(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; title?: string; shared?: boolean }) =>
      api<TripDocument>(`${base(tripId)}/${encodeURIComponent(id)}`, { method: "PATCH", body: patch }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all(tripId) }),
  });
}

export function useDeleteDocument(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(tripId)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all(tripId) }),
  });
}
