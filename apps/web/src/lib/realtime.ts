import type { ServerMessage, TripEvent } from "@tabi/contracts";

type Listener = (event: TripEvent) => void;
type Resync = (tripId: string) => void;
type TypingListener = (tripId: string, userId: string) => void;
const NOBODY: readonly string[] = [];

/**
 * One WebSocket per tab. It reconnects with exponential backoff (1 s to 30 s, with jitter) and
 * subscribes again; after a reconnect, or a gap in a trip's sequence numbers, `onResync` tells the
 * caller to refetch that trip, so nothing missed stays missing. Without a network it does not try;
 * when the network comes back it reconnects at once.
 * It also keeps who has each subscribed trip open (presence, from the server) and passes on typing
 * signals; neither is numbered nor caught up, so a lost socket simply forgets them.
 */
class RealtimeClient {
  constructor() {
    if (typeof window === "undefined") return;
    window.addEventListener("online", () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.attempts = 0;
      this.ensure();
    });
    // A socket can outlive the network for a while without noticing: close it, to resync on return.
    window.addEventListener("offline", () => this.ws?.close());
  }

  private ws: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly trips = new Map<string, { count: number; seq: number | null }>();
  private readonly listeners = new Set<Listener>();
  private readonly resyncs = new Set<Resync>();
  private readonly presence = new Map<string, readonly string[]>();
  private readonly presenceListeners = new Set<() => void>();
  private readonly typingListeners = new Set<TypingListener>();
  connected = false;
  private readonly statusListeners = new Set<(connected: boolean) => void>();

  subscribe(tripId: string): () => void {
    const entry = this.trips.get(tripId);
    if (entry) entry.count++;
    else {
      this.trips.set(tripId, { count: 1, seq: null });
      this.send({ type: "subscribe", tripId });
    }
    this.ensure();
    return () => {
      const e = this.trips.get(tripId);
      if (!e) return;
      if (--e.count <= 0) {
        this.trips.delete(tripId);
        this.send({ type: "unsubscribe", tripId });
        this.setPresence(tripId, null);
      }
    };
  }

  onEvent(l: Listener) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  onResync(r: Resync) {
    this.resyncs.add(r);
    return () => this.resyncs.delete(r);
  }
  /** Called whenever anyone's presence changes; read it with `online(tripId)`. */
  onPresence(l: () => void) {
    this.presenceListeners.add(l);
    return () => this.presenceListeners.delete(l);
  }
  /** The users with the trip open right now (the same array until it changes). */
  online(tripId: string): readonly string[] {
    return this.presence.get(tripId) ?? NOBODY;
  }
  onTyping(l: TypingListener) {
    this.typingListeners.add(l);
    return () => this.typingListeners.delete(l);
  }
  /** Tells the other members of a subscribed trip that this user is typing in its chat. */
  typing(tripId: string) {
    if (this.trips.has(tripId)) this.send({ type: "typing", tripId });
  }
  onStatus(l: (connected: boolean) => void) {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  }

  private setConnected(v: boolean) {
    this.connected = v;
    for (const l of this.statusListeners) l(v);
  }

  private setPresence(tripId: string, userIds: string[] | null) {
    if (userIds) this.presence.set(tripId, userIds);
    else if (!this.presence.delete(tripId)) return;
    for (const l of this.presenceListeners) l();
  }

  private send(m: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private ensure() {
    if (this.ws || this.timer || this.trips.size === 0) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) return; // 'online' calls again
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.setConnected(true);
      for (const tripId of this.trips.keys()) this.send({ type: "subscribe", tripId });
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as ServerMessage;
      if (m.type === "subscribed") {
        const entry = this.trips.get(m.tripId);
        // A new subscription after a disconnect: whatever happened meanwhile is refetched.
        if (entry && entry.seq !== null && entry.seq !== m.seq) for (const r of this.resyncs) r(m.tripId);
        if (entry) entry.seq = m.seq;
      } else if (m.type === "event") {
        const entry = this.trips.get(m.event.tripId);
        if (entry?.seq != null && m.event.seq > entry.seq + 1)
          for (const r of this.resyncs) r(m.event.tripId);
        if (entry) entry.seq = Math.max(entry.seq ?? 0, m.event.seq);
        for (const l of this.listeners) l(m.event);
      } else if (m.type === "presence") {
        if (this.trips.has(m.tripId)) this.setPresence(m.tripId, m.userIds);
      } else if (m.type === "typing") {
        for (const l of this.typingListeners) l(m.tripId, m.userId);
      }
    };
    ws.onclose = (closed) => {
      this.ws = null;
      this.setConnected(false);
      // Without a socket we do not know who is there; the server tells again on resubscribing.
      for (const tripId of [...this.presence.keys()]) this.setPresence(tripId, null);
      if (this.trips.size === 0) return;
      // 1012 "Service Restart": that server is draining and the others are up; come back at once,
      // spread over half a second so its sockets do not all arrive together (issue 27).
      const delay =
        closed.code === 1012
          ? 100 + Math.random() * 500
          : Math.min(30_000, 1000 * 2 ** this.attempts++) * (0.75 + Math.random() / 2);
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.ensure();
      }, delay);
    };
  }
}

export const realtime = new RealtimeClient();
