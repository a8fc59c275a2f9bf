// What index.html starts before the app's code has arrived (issue 28): on a phone's network the
// code takes seconds, and the first screen then waited one more round trip for its catalogues and its
// first reads (/api/me, a trip's /full), which only the code asked for. vite.config.ts writes
// startEarly into the built index.html as an inline script, with the build's catalogue files; the app
// takes the reads' answers through takeEarly (features/auth/session.ts, features/trips/tripFull.ts).

/** The browser storage keys the app reads at start (the language, the kept user, the current trip). */
export const STORAGE_KEYS = {
  language: "language",
  user: "tabi.offlineUser",
  trip: "currentTripId",
} as const;

/** Built by vite.config.ts from the bundle: per language, the files of its catalogues. */
export interface EarlyPlan {
  /** The first screen's catalogues (every language's also takes the English server texts). */
  first: Record<string, string[]>;
  /** The trip screens' catalogues, for a browser that remembers its user or opens a trip's address. */
  trip: Record<string, string[]>;
  /** Each language's tag for Intl ("ja" -> "ja-JP": i18n/languages.ts). */
  intl: Record<string, string>;
  keys: typeof STORAGE_KEYS;
}

/** What startEarly leaves on the window for the app. */
export interface EarlyReads {
  at: number;
  language: string;
  reads: Record<string, Promise<Response>>;
}

type EarlyWindow = Pick<
  Window,
  "document" | "location" | "localStorage" | "navigator" | "fetch" | "setTimeout"
> & {
  __tabiEarly?: EarlyReads;
};

/**
 * Preloads the catalogues of the language the app will speak and starts the first screen's reads.
 * Runs as written in the page, before anything else of the app: it must stay self-contained (no
 * imports, nothing from outside its body), and never throw.
 */
export function startEarly(plan: EarlyPlan, w: EarlyWindow = window): void {
  try {
    const stored = (key: string) => {
      try {
        return w.localStorage.getItem(key);
      } catch {
        return null;
      }
    };
    // As i18n browserLanguage(): the language chosen here, else the first of the browser's we speak.
    let language = stored(plan.keys.language) ?? "";
    if (!plan.first[language]) {
      const tags = w.navigator.languages?.length ? w.navigator.languages : [w.navigator.language];
      language =
        tags.map((tag) => tag.toLowerCase().split(/[-_]/)[0] ?? "").find((l) => plan.first[l]) ?? "en";
    }
    const path = w.location.pathname;
    // As features/trips/tripFull.ts tripOfAddress().
    const match = /^\/trip\/([^/]+)\/?$/.exec(path);
    let tripId: string | null = null;
    try {
      tripId = match
        ? decodeURIComponent(match[1] ?? "")
        : path === "/my-trip"
          ? stored(plan.keys.trip)
          : null;
    } catch {
      tripId = null; // a malformed address: the app says so
    }
    const files = [...(plan.first[language] ?? [])];
    if (stored(plan.keys.user) || tripId) files.push(...(plan.trip[language] ?? []));
    for (const href of files) {
      const link = w.document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = ""; // as the module scripts and Vite's own preloads
      link.href = href;
      w.document.head.appendChild(link);
    }
    const reads: Record<string, Promise<Response>> = {};
    const read = (url: string) => {
      const answer = w.fetch(url, { headers: { "accept-language": language }, credentials: "same-origin" });
      answer.catch(() => {}); // the app reads the failure (offline) when it takes the answer
      reads[url] = answer;
      return answer;
    };
    read("/api/me");
    if (tripId) {
      const trip = `/api/trips/${encodeURIComponent(tripId)}`;
      // The invite card's text is the trip page's largest: its read starts with the trip's answer, as
      // tripFull.ts starts it, instead of after the code has run (a round trip later on a phone). The
      // answer is cloned before the app reads it: this callback is the first on it.
      read(`${trip}/full`)
        .then((res) => (res.ok ? res.clone().json() : null))
        .then((full: { trip?: { my?: { canInviteMembers?: boolean } } } | null) => {
          if (full?.trip?.my?.canInviteMembers) read(`${trip}/invitation`);
        })
        .catch(() => {});
    }
    w.__tabiEarly = { at: Date.now(), language, reads };
    // The browser's date data (ICU), in a task of its own while the code downloads: its first use costs
    // 40-60 ms on a laptop, four times that on a phone, which the first screen's dates otherwise pay in
    // the middle of its render. One format only: more (a range's, relative times) made this task long
    // enough to delay the first screen (Lighthouse: LCP +0.3 s).
    const tag = plan.intl[language] ?? "en-US";
    w.setTimeout(() => {
      try {
        new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: "short", day: "numeric" }).format(0);
      } catch {
        // no Intl: the app formats without it
      }
    }, 0);
  } catch {
    // The app starts its reads itself.
  }
}

/**
 * The answer index.html started for this read, once, while fresh (10 s: a page left open long before
 * the app asked reads again); undefined when none was started (the dev server, another address).
 */
export function takeEarly(
  url: string,
  w: { __tabiEarly?: EarlyReads } = globalThis as never,
): Promise<Response> | undefined {
  const early = w.__tabiEarly;
  const answer = early?.reads[url];
  if (!early || !answer) return undefined;
  delete early.reads[url];
  return Date.now() - early.at < 10_000 ? answer : undefined;
}
