import type { TripBus, TripSignal } from "./bus";

/** How often a process repeats its lists to the others, and when an unrepeated list is dropped. */
export const PRESENCE_REPEAT_MS = 10_000;
export const PRESENCE_EXPIRY_MS = 25_000;

type Listener = (userIds: string[]) => void;

/**
 * Who has each trip open: the users with a socket subscribed to it, on this process and (scaled) on
 * the others. Each process announces its own list of a trip when it changes and repeats all of them
 * every 10 s; a process that stops repeating (it died) drops out after 25 s. Real presence, not the
 * spec's random dot (DESIGN.md).
 */
export class Presence {
  private readonly local = new Map<string, Map<string, number>>();
  /** tripId -> origin -> its users and when they were last heard. */
  private readonly remote = new Map<string, Map<string, { userIds: string[]; at: number }>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly offSignals: () => void;

  constructor(
    private readonly bus: TripBus,
    private readonly origin: string | null,
    private readonly now: () => number = Date.now,
  ) {
    this.offSignals = bus.onAnySignal((s) => this.heard(s));
    if (origin) {
      this.timer = setInterval(() => this.repeat(), PRESENCE_REPEAT_MS);
      this.timer.unref();
    }
  }

  users(tripId: string): string[] {
    const all = new Set(this.local.get(tripId)?.keys());
    const cutoff = this.now() - PRESENCE_EXPIRY_MS;
    for (const entry of this.remote.get(tripId)?.values() ?? [])
      if (entry.at >= cutoff) for (const id of entry.userIds) all.add(id);
    return [...all].sort();
  }

  /** Calls `listener` with the trip's users whenever they change. */
  watch(tripId: string, listener: Listener): () => void {
    const set = this.listeners.get(tripId) ?? new Set<Listener>();
    this.listeners.set(tripId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(tripId);
    };
  }

  join(tripId: string, userId: string) {
    const users = this.local.get(tripId) ?? new Map<string, number>();
    this.local.set(tripId, users);
    const before = users.get(userId) ?? 0;
    users.set(userId, before + 1);
    if (before === 0) this.changed(tripId, true);
  }

  leave(tripId: string, userId: string) {
    const users = this.local.get(tripId);
    const before = users?.get(userId);
    if (!users || !before) return;
    if (before > 1) return void users.set(userId, before - 1);
    users.delete(userId);
    if (users.size === 0) this.local.delete(tripId);
    this.changed(tripId, true);
  }

  close() {
    clearInterval(this.timer);
    this.offSignals();
  }

  private changed(tripId: string, announce: boolean) {
    const userIds = this.users(tripId);
    for (const l of this.listeners.get(tripId) ?? []) l(userIds);
    if (announce && this.origin) this.announce(tripId);
  }

  private announce(tripId: string) {
    const userIds = [...(this.local.get(tripId)?.keys() ?? [])];
    void this.bus.signal({ type: "presence", tripId, origin: this.origin!, userIds }).catch(() => {}); // the next repeat tries again
  }

  private heard(signal: TripSignal) {
    if (signal.type !== "presence" || signal.origin === this.origin) return;
    const byOrigin = this.remote.get(signal.tripId) ?? new Map<string, { userIds: string[]; at: number }>();
    this.remote.set(signal.tripId, byOrigin);
    const before = byOrigin.get(signal.origin)?.userIds.join() ?? "";
    if (signal.userIds.length === 0) byOrigin.delete(signal.origin);
    else byOrigin.set(signal.origin, { userIds: signal.userIds, at: this.now() });
    if (byOrigin.size === 0) this.remote.delete(signal.tripId);
    if (before !== signal.userIds.join()) this.changed(signal.tripId, false);
  }

  /** Repeats this process's lists, and drops the lists of processes no longer heard from. */
  private repeat() {
    for (const tripId of this.local.keys()) this.announce(tripId);
    const cutoff = this.now() - PRESENCE_EXPIRY_MS;
    for (const [tripId, byOrigin] of this.remote) {
      let dropped = false;
      for (const [origin, entry] of byOrigin)
        if (entry.at < cutoff) {
          byOrigin.delete(origin);
          dropped = true;
        }
      if (byOrigin.size === 0) this.remote.delete(tripId);
      if (dropped) this.changed(tripId, false);
    }
  }
}
