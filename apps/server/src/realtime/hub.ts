import type { WebSocket } from "@fastify/websocket";
import { clientMessageSchema, type ServerMessage } from "@tabi/contracts";
import { findMembership } from "../modules/members/queries";
import type { App, AppContext } from "../modules/types";

const UUID = /^[0-9a-f-]{36}$/i;

/** /api/ws: one socket per browser tab; it subscribes to the trips it shows (membership checked). */
export async function realtimeRoutes(app: App, ctx: AppContext) {
  // Every successful change to a trip's places or members is announced on its channel: one place for it.
  app.addHook("onResponse", async (request, reply) => {
    const scope = request.tripScope;
    if (!scope || request.method === "GET" || reply.statusCode >= 300) return;
    const url = request.routeOptions.url ?? "";
    if (url.includes("/optimizations") || url.includes("/itinerary")) return; // those report themselves
    const type = url.includes("/places") ? "places.changed" : "members.changed";
    await ctx.bus.publish({ type, tripId: scope.tripId }).catch(() => {});
  });

  app.get(
    "/api/ws",
    { websocket: true, config: { guard: "signedIn" }, schema: { hide: true } },
    async (socket: WebSocket, request) => {
      const user = await request.requireUser();
      const subscriptions = new Map<string, () => void>();
      const send = (m: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      socket.on("message", async (raw: Buffer | string) => {
        let parsed: ReturnType<typeof clientMessageSchema.safeParse>;
        try {
          parsed = clientMessageSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return send({ type: "error", message: "Messages must be JSON" });
        }
        if (!parsed.success) return send({ type: "error", message: "Unknown message" });
        const msg = parsed.data;
        if (msg.type === "ping") return send({ type: "pong" });
        if (msg.type === "unsubscribe") {
          subscriptions.get(msg.tripId)?.();
          subscriptions.delete(msg.tripId);
          return;
        }
        if (subscriptions.has(msg.tripId))
          return send({ type: "subscribed", tripId: msg.tripId, seq: await ctx.bus.currentSeq(msg.tripId) });
        // The same answer for a trip that does not exist and one the user is not in.
        if (!UUID.test(msg.tripId) || !(await findMembership(ctx.database.db, msg.tripId, user.id)))
          return send({ type: "error", tripId: msg.tripId, message: "Trip not found" });
        subscriptions.set(
          msg.tripId,
          ctx.bus.subscribe(msg.tripId, (event) => send({ type: "event", event })),
        );
        send({ type: "subscribed", tripId: msg.tripId, seq: await ctx.bus.currentSeq(msg.tripId) });
      });
      socket.on("close", () => {
        for (const off of subscriptions.values()) off();
        subscriptions.clear();
      });
    },
  );
}
