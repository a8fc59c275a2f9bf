// The one HTTP client: JSON in and out, errors as ApiError with the server's code and message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
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
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
) {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK_ERROR", "Network error: please check your connection and try again.");
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    // Our API answers { error: { code, message } }; better-auth answers { code, message }.
    const body = (data ?? {}) as {
      error?: { code?: string; message?: string };
      code?: string;
      message?: string;
    };
    const err = new ApiError(
      res.status,
      body.error?.code ?? body.code ?? String(res.status),
      body.error?.message ?? body.message ?? res.statusText,
    );
    if (res.status === 401) for (const l of unauthorizedListeners) l(err);
    throw err;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
