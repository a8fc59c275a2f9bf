import { currentLanguage, i18n } from "../i18n";
import { reportAvailable, reportUnavailable } from "./availability";
import { noteConfirmedWrite } from "./offline/confirmed";
import { noteServerAnswer } from "./offline/lastSync";

// The one HTTP client: JSON in and out, errors as ApiError with the server's code and message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** From Retry-After: how long the server asked us to wait before trying again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Statuses meaning "the service is away for a moment": our 503, a proxy's 502 or 504. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The service (or the database behind it) is away for a while: no answer, 503, 502 or 504. Such a
 * request is retried later and shown in the banner; it is never "signed out" (401 alone is).
 */
export function isUnavailable(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.status === 0 || UNAVAILABLE_STATUSES.has(err.status));
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Listener = (err: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
/** Called on every 401, so the session layer can tell an expired session from a signed-out one. */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function api<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    /** The answer to this same request, already on its way (index.html's early reads: boot/early.ts). */
    answer?: Promise<Response>;
  } = {},
) {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  let res: Response;
  try {
    res = await (init.answer ??
      fetch(path, {
        method,
        // The server answers (errors, e-mails it sends) in the language the app speaks now.
        headers: {
          "accept-language": currentLanguage(),
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: "same-origin",
        signal: init.signal,
      }));
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw networkError();
  }
  const data = readAnswer<T>(res.status, await res.text(), res.headers.get("retry-after"), res.statusText);
  // A change the server confirmed: no copy kept from before it is shown on a reload (lib/offline).
  if (method !== "GET") noteConfirmedWrite(path);
  return data;
}

/**
 * An answer's data, or its ApiError; reports availability and 401s. Shared by api() and the
 * uploads' XMLHttpRequest (lib/upload.ts), which fetch cannot replace while it reports no upload progress.
 */
export function readAnswer<T>(status: number, text: string, retryAfter: string | null, statusText = ""): T {
  const data = text ? safeJson(text) : null;
  if (UNAVAILABLE_STATUSES.has(status)) {
    const retryAfterMs = parseRetryAfter(retryAfter);
    reportUnavailable(retryAfterMs);
    // Never a 401's "Session expired": the session is fine, the service is away for a moment.
    throw new ApiError(
      status,
      "SERVICE_UNAVAILABLE",
      i18n.t("server:messages.serviceUnavailable"),
      retryAfterMs,
    );
  }
  reportAvailable();
  noteServerAnswer(); // the offline banner's "last synced"
  if (status < 200 || status >= 300) {
    // Our API answers { error: { code, message } }; better-auth answers { code, message }.
    const body = (data ?? {}) as {
      error?: { code?: string; message?: string };
      code?: string;
      message?: string;
    };
    const err = new ApiError(
      status,
      body.error?.code ?? body.code ?? String(status),
      body.error?.message ?? body.message ?? statusText,
    );
    if (status === 401) for (const l of unauthorizedListeners) l(err);
    throw err;
  }
  return data as T;
}

/** No answer at all (offline, DNS, connection refused): reported, and said in the app's words. */
export function networkError(): ApiError {
  reportUnavailable();
  return new ApiError(0, "NETWORK_ERROR", i18n.t("common:error.network"));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
