import type { ExportFormat, ImportAddResult, ImportItem, ImportPreview } from "@tabi/contracts";
import { currentLanguage } from "../../i18n";
import { api, networkError, readAnswer } from "../../lib/api";

// Places in and out of a trip (issue 30 items 5-6): the server reads the file and writes the exports.

/** POST the file (multipart): what it holds, and what the trip has of it already. */
export async function previewImport(
  tripId: string,
  file: File,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append("file", file, file.name);
  let res: Response;
  try {
    res = await fetch(`/api/trips/${tripId}/imports/preview`, {
      method: "POST",
      headers: { "accept-language": currentLanguage() },
      body: form,
      credentials: "same-origin",
      signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw networkError();
  }
  return readAnswer<ImportPreview>(
    res.status,
    await res.text(),
    res.headers.get("retry-after"),
    res.statusText,
  );
}

/** One batch of picked places, added as the member's wishes. */
export const addImported = (tripId: string, items: ImportItem[]) =>
  api<ImportAddResult>(`/api/trips/${tripId}/places/import`, {
    body: {
      places: items.map((i) => ({
        name: i.name,
        latitude: i.latitude,
        longitude: i.longitude,
        address: i.address,
        notes: i.notes,
      })),
    },
  });

export const tripExportUrl = (tripId: string, format: ExportFormat) =>
  `/api/trips/${tripId}/export/${format}`;
export const sharedExportUrl = (token: string, format: ExportFormat) =>
  `/api/shared/${encodeURIComponent(token)}/export/${format}`;

/** Items a member may pick: those with a location that are not theirs already. */
export const pickable = (item: ImportItem) => item.status === "new" || item.status === "inTrip";
