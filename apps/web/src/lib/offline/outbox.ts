import { useSyncExternalStore } from "react";
import { ApiError, api, isUnavailable } from "../api";
import { subscribeAvailability } from "../availability";
import { storage } from "./storage";

/**
 * Changes made without a network (a wish, a place's note or priority, a calendar edit) wait here, in
 * IndexedDB per user, and are sent in the order they were made when the network is back: on 'online',
 * when the service answers again, at start and every half minute while any wait. A change the server
 * refuses (someone else changed the same visit, the place was deleted...) is dropped and reported with
 * the server's message; what was typed is offered back (features/offline/OfflineSync). A change that
 * meets no answer (offline, outage, expired session) stays for the next try.
 */
export interface OutboxItem {
  id: string;
  /** What it does, for its kind's checks and its message: "wish.set", "place.update", "plan.edit"... */
  kind: string;
  tripId: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** What the change is about, named in the message if it is refused (a place's name). */
  label: string;
  /** Text the user typed (a note): shown back if the change is refused, so nothing typed is lost. */
  typed?: string;
  /** What its kind needs to show it before it is sent, or to check it still applies. */
  meta?: Record<string, unknown>;
  at: number;
}
export type NewOutboxItem = Omit<OutboxItem, "id" | "at">;
/** Sent now with the server's answer, or kept in the outbox. */
export type Sent<T> = { queued: false; answer: T } | { queued: true; item: OutboxItem };

export interface OutboxKind {
  /** Before sending: a reason (in the user's language) the change no longer applies, else null. */
  check?: (item: OutboxItem) => Promise<string | null>;
  /** The server took it: its answer. */
  sent?: (item: OutboxItem, answer: unknown) => void;
  /** Every change of a trip that waited was sent or dropped: time to read the trip afresh. */
  settled?: (tripId: string) => void;
}

export interface Refusal {
  item: OutboxItem;
  message: string;
}

const kinds = new Map<string, OutboxKind>();
export function registerOutboxKind(kind: string, handlers: OutboxKind): void {
  kinds.set(kind, handlers);
}

let userId: string | null = null;
let items: OutboxItem[] = [];
let sending = false;
let snapshot = { count: 0, sending: false };
const listeners = new Set<() => void>();
const refusalListeners = new Set<(r: Refusal) => void>();
const channel =
  typeof window === "undefined" || typeof BroadcastChannel === "undefined"
    ? null
    : new BroadcastChannel("tabi-outbox");

const key = (id: string) => `outbox:${id}`;

function changed() {
  snapshot = { count: items.length, sending };
  for (const l of listeners) l();
}

/** Another tab changed the outbox: read it again. */
channel?.addEventListener("message", (e) => {
  if (e.data === userId) void reload();
});

async function reload() {
  const id = userId;
  if (!id) return;
  const stored = await storage.get<OutboxItem[]>(key(id));
  if (stored && id === userId) items = stored;
  changed();
}

/**
 * Loads the user's waiting changes (null: nobody is signed in) and tries to send them. False when
 * they were loaded already.
 */
export async function loadOutbox(id: string | null): Promise<boolean> {
  if (id === userId) return false;
  userId = id;
  items = [];
  await reload();
  changed();
  void flushOutbox();
  return true;
}

/** Changes not yet taken by the server, oldest first; of one trip when given. */
export function pendingChanges(tripId?: string): readonly OutboxItem[] {
  return tripId ? items.filter((i) => i.tripId === tripId) : items;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many changes wait, and whether they are being sent now. */
export function useOutbox(): { count: number; sending: boolean } {
  return useSyncExternalStore(
    subscribeOutbox,
    () => snapshot,
    () => snapshot,
  );
}

export function onRefused(listener: (r: Refusal) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

async function enqueue(item: NewOutboxItem): Promise<OutboxItem> {
  const full: OutboxItem = { ...item, id: crypto.randomUUID(), at: Date.now() };
  items = [...items, full];
  changed();
  const id = userId!;
  await storage.update<OutboxItem[]>(key(id), (old) => [
    ...(old ?? []).filter((i) => i.id !== full.id),
    full,
  ]);
  channel?.postMessage(id);
  return full;
}

async function remove(item: OutboxItem) {
  // Out of memory at once, so data read meanwhile is no longer shown with this change on top.
  items = items.filter((i) => i.id !== item.id);
  changed();
  const id = userId;
  if (id) await storage.update<OutboxItem[]>(key(id), (old) => (old ?? []).filter((i) => i.id !== item.id));
  channel?.postMessage(id);
}

/**
 * Sends a change now, or keeps it for later: when offline, when older changes still wait (order
 * matters), or when the request meets no answer. `{ queued: true }` means it waits in the outbox.
 */
export async function sendOrQueue<T>(item: NewOutboxItem): Promise<Sent<T>> {
  if (userId && (isOffline() || items.length > 0)) {
    const queued = await enqueue(item);
    void flushOutbox();
    return { queued: true, item: queued };
  }
  try {
    return { queued: false, answer: await api<T>(item.path, { method: item.method, body: item.body }) };
  } catch (err) {
    if (userId && isUnavailable(err)) return { queued: true, item: await enqueue(item) };
    throw err;
  }
}

/** Whether the server said no to the change itself (not "no answer" nor "who are you?"). */
function isRefusal(err: unknown): err is ApiError {
  if (!(err instanceof ApiError)) return false;
  const { status } = err;
  return !isUnavailable(err) && status >= 400 && status !== 401 && status !== 408 && status !== 429;
}

class Conflict extends Error {}

let flushing: Promise<void> | null = null;
let again = false;
/** Sends what waits, oldest first, one at a time; one tab at a time (Web Locks where there are). */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    again = true; // a change queued while the last round ends is not left for the next trigger
    return flushing;
  }
  flushing = (async () => {
    try {
      do {
        again = false;
        const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
        if (locks) await locks.request("tabi-outbox", () => drain());
        else await drain();
      } while (again);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function drain() {
  if (!userId || isOffline()) return;
  await reload(); // another tab may have sent some meanwhile
  if (items.length === 0) return;
  const touched = new Set<string>();
  const owner = userId;
  sending = true;
  changed();
  try {
    while (userId === owner && items.length > 0) {
      const item = items[0]!;
      const kind = kinds.get(item.kind);
      try {
        const conflict = await kind?.check?.(item);
        if (conflict) throw new Conflict(conflict);
        const answer = await api(item.path, { method: item.method, body: item.body });
        await remove(item);
        touched.add(item.tripId);
        kind?.sent?.(item, answer);
      } catch (err) {
        if (!(err instanceof Conflict) && !isRefusal(err)) break; // no answer: kept for the next try
        await remove(item);
        touched.add(item.tripId);
        for (const l of refusalListeners) l({ item, message: err.message });
      }
    }
  } finally {
    sending = false;
    changed();
    for (const tripId of touched) {
      if (items.some((i) => i.tripId === tripId)) continue;
      for (const kind of new Set(kinds.values())) kind.settled?.(tripId);
    }
  }
}

let started = false;
/** Sends what waits whenever there is a chance it goes through. */
export function startOutbox(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => void flushOutbox());
  subscribeAvailability(() => void flushOutbox());
  setInterval(() => {
    if (items.length > 0) void flushOutbox();
  }, 30_000);
}
