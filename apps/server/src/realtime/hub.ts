import type { WebSocket } from "@fastify/websocket";
import { clientMessageSchema, type ServerMessage, type TripEvent } from "@tabi/contracts";
import { allowedOrigins, crossSiteError, isCrossSite } from "../http/origin";
import { findMembership } from "../modules/members/queries";
import type { App, AppContext } from "../modules/types";

const UUID = /^[0-9a-f-]{36}$/i;
/** Enough for every tab of a few devices; more is a leak or an attack. */
export const MAX_SOCKETS_PER_USER = 20;
/** A socket that misses a ping for this long is gone (a closed laptop, a lost network): presence ends. */
export const SOCKET_PING_MS = 10_000;
/** Typing signals of one socket are relayed at most this often. */
const TYPING_MIN_MS = 1000;

/** /api/ws: one socket per browser tab; it subscribes to the trips it shows (membership checked). */
export async function realtimeRoutes(app: App, ctx: AppContext) {
  const origins = new Set(allowedOrigins(ctx.config));
  const socketsPerUser = new Map<string, number>();
  const presence = ctx.presence; // made and closed by buildApp: the notifications ask it who is away
  // Every successful change to a trip's places or members is announced on its channel: one place for it.
  app.addHook("onResponse", async (request, reply) => {
    const scope = request.tripScope;
    if (!scope || request.method === "GET" || reply.statusCode >= 300) return;
    const url = request.routeOptions.url ?? "";
    // Plans, chat, bookings, money, polls, lists and documents report their own events; an upload changes
    // nothing others see until it is used.
    if (
      /\/(optimizations|itinerary|chat|uploads|imports|bookings|expenses|settlements|money|polls|lists|checklists|documents)(\/|$)/.test(
        url,
      )
    )
      return;
    const type = url.includes("/places") ? "places.changed" : "members.changed";
    await ctx.bus.publish({ type, tripId: scope.tripId }).catch(() => {});
    const ended = endedMembership(request.method, url, scope.userId, request.params);
    if (ended !== undefined)
      await ctx.bus
        .publish({ type: "membership.ended", tripId: scope.tripId, userId: ended })
        .catch(() => {});
  });

  app.get(
    "/api/ws",
    {
      websocket: true,
      config: { guard: "signedIn" },
      schema: { hide: true },
      // A foreign page must not open a socket with the user's cookie: refused before the upgrade.
      onRequest: async (request) => {
        if (isCrossSite(request, origins)) throw crossSiteError();
      },
    },
    async (socket: WebSocket, request) => {
      const user = await request.requireUser();
      const open = socketsPerUser.get(user.id) ?? 0;
      if (open >= MAX_SOCKETS_PER_USER) return socket.close(1008, "Too many connections");
      socketsPerUser.set(user.id, open + 1);
      socket.on("close", () => {
        const left = (socketsPerUser.get(user.id) ?? 1) - 1;
        if (left > 0) socketsPerUser.set(user.id, left);
        else socketsPerUser.delete(user.id);
      });
      const subscriptions = new Map<string, () => void>();
      const send = (m: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const sendEvent = (event: TripEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(wireOf(event));
      };
      // A socket whose other end vanished without closing is found by a missed pong and closed.
      let alive = true;
      socket.on("pong", () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, SOCKET_PING_MS);
      heartbeat.unref();
      let lastTyping = 0;
      const unsubscribe = (tripId: string) => {
        subscriptions.get(tripId)?.();
        subscriptions.delete(tripId);
      };
      const onMessage = async (raw: Buffer | string) => {
        let parsed: ReturnType<typeof clientMessageSchema.safeParse>;
        try {
          parsed = clientMessageSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return send({ type: "error", message: "Messages must be JSON" });
        }
        if (!parsed.success) return send({ type: "error", message: "Unknown message" });
        const msg = parsed.data;
        if (msg.type === "ping") return send({ type: "pong" });
        if (msg.type === "unsubscribe") return unsubscribe(msg.tripId);
        if (msg.type === "typing") {
          const now = Date.now();
          if (!subscriptions.has(msg.tripId) || now - lastTyping < TYPING_MIN_MS) return;
          lastTyping = now;
          return void ctx.bus.signal({ type: "typing", tripId: msg.tripId, userId: user.id }).catch(() => {});
        }
        if (subscriptions.has(msg.tripId))
          return send({ type: "subscribed", tripId: msg.tripId, seq: await ctx.bus.currentSeq(msg.tripId) });
        // The same answer for a trip that does not exist and one the user is not in.
        if (!UUID.test(msg.tripId) || !(await findMembership(ctx.database.db, msg.tripId, user.id)))
          return send({ type: "error", tripId: msg.tripId, message: "Trip not found" });
        const tripId = msg.tripId;
        // A second subscribe raced the membership check, or the socket closed meanwhile.
        if (subscriptions.has(tripId) || socket.readyState !== socket.OPEN) return;
        const offEvents = ctx.bus.subscribe(tripId, (event) => {
          sendEvent(event);
          // Leaving means leaving: no further event of this trip reaches this user.
          if (event.type === "membership.ended" && (event.userId === null || event.userId === user.id))
            unsubscribe(tripId);
        });
        const offTyping = ctx.bus.onSignal(tripId, (signal) => {
          if (signal.type === "typing" && signal.userId !== user.id) send(signal);
        });
        presence.join(tripId, user.id); // the others hear of it; this socket gets the list below
        const offPresence = presence.watch(tripId, (userIds) => send({ type: "presence", tripId, userIds }));
        subscriptions.set(tripId, () => {
          offEvents();
          offTyping();
          offPresence();
          presence.leave(tripId, user.id);
        });
        send({ type: "subscribed", tripId, seq: await ctx.bus.currentSeq(tripId) });
        send({ type: "presence", tripId, userIds: presence.users(tripId) });
      };
      socket.on("message", (raw: Buffer | string) => {
        // A rejection here would be unhandled and end the process (a database outage while a tab
        // subscribes): close instead, 1013 "try again later"; the client reconnects and resubscribes.
        onMessage(raw).catch((err) => {
          request.log.warn({ err }, "socket message failed");
          socket.close(1013, "Try again later");
        });
      });
      socket.on("close", () => {
        clearInterval(heartbeat);
        for (const off of subscriptions.values()) off();
        subscriptions.clear();
      });
    },
  );
}

/** An event's text, written once for all the trip's sockets (a message to 20 members: 1 stringify, not 20). */
const wire = new WeakMap<TripEvent, string>();
function wireOf(event: TripEvent): string {
  let text = wire.get(event);
  if (text === undefined) {
    text = JSON.stringify({ type: "event", event } satisfies ServerMessage);
    wire.set(event, text);
  }
  return text;
}

/** Whose membership a successful write ended: a user id, null for everyone (trip deleted), or undefined. */
function endedMembership(
  method: string,
  url: string,
  callerId: string,
  params: unknown,
): string | null | undefined {
  if (method === "POST" && url === "/api/trips/:tripId/leave") return callerId;
  if (method === "DELETE" && url === "/api/trips/:tripId") return null;
  if (method === "DELETE" && url === "/api/trips/:tripId/members/:userId")
    return (params as { userId: string }).userId;
  return undefined;
}
