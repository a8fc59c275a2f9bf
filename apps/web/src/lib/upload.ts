import { MAX_UPLOAD_BYTES, type Upload } from "@tabi/contracts";
import { currentLanguage } from "../i18n";
import { networkError, readAnswer } from "./api";

/**
 * Why a chosen file cannot be sent, checked before any upload: not an image by its declared type, or
 * over the size limit (10 MB). The server checks the bytes again and has the last word.
 */
export type ImageFileProblem = "notImage" | "tooLarge";

export function checkImageFile(file: { type: string; size: number }): ImageFileProblem | null {
  if (!file.type.startsWith("image/")) return "notImage";
  if (file.size > MAX_UPLOAD_BYTES) return "tooLarge";
  return null;
}

/**
 * Uploads one image of a trip (POST /api/trips/{tripId}/uploads, multipart). XMLHttpRequest rather
 * than fetch: it reports the upload's progress. Rejects with ApiError as api() does.
 */
export function uploadImage(
  tripId: string,
  file: File,
  options: {
    purpose: "chat" | "place" | "receipt";
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/trips/${tripId}/uploads?purpose=${options.purpose}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept-language", currentLanguage());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer<Upload>(xhr.status, xhr.responseText, xhr.getResponseHeader("retry-after")));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
