import { Server } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/connect";
import { type MigrationState, migrationState } from "../db/migrate";
import { isDatabaseUnavailable } from "./unavailable";

/** WebSocket close code 1012 "Service Restart": the client reconnects (to another process) and catches up. */
export const RESTART_CLOSE_CODE = 1012;

export interface Lifecycle {
  readonly draining: boolean;
  /**
   * SIGTERM: stop taking connections, let the ones open finish (at most `maxMs`), then close.
   * Resolves when no connection is left or the time is up; the caller then closes the app.
   */
  drain(maxMs: number): Promise<void>;
  /** Database reachable, migrations applied, not draining (GET /api/ready). */
  ready(): Promise<{ ready: boolean; reason?: string; migrations?: MigrationState }>;
}

/**
 * Draining without losing a request behind a proxy (issue 27). The listening socket closes first, so
 * the proxy's next connection is refused and it tries the next process (safe even for a POST: nothing
 * was sent). The connections already open stay: their requests are answered, with `Connection: close`,
 * and idle ones are left for the proxy to close (closing them here could cross a request it is sending
 * on one: that request would fail). WebSockets close with 1012; their clients reconnect elsewhere.
 */
export function registerLifecycle(app: FastifyInstance, database: Database): Lifecycle {
  let draining = false;
  app.addHook("onSend", async (_request, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });
  return {
    get draining() {
      return draining;
    },
    async drain(maxMs) {
      if (draining) return;
      draining = true;
      const server = app.server;
      // net.Server's close: stops listening without http.Server's closing of idle keep-alive sockets.
      if (server.listening) Server.prototype.close.call(server);
      const sockets = (
        app as unknown as { websocketServer?: { clients: Set<{ close(c: number, r: string): void }> } }
      ).websocketServer?.clients;
      for (const socket of sockets ?? []) socket.close(RESTART_CLOSE_CODE, "Server restarting");
      const until = Date.now() + maxMs;
      while (Date.now() < until && (await openConnections(server)) > 0)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async ready() {
      if (draining) return { ready: false, reason: "draining" };
      try {
        await database.db.execute(sql`select 1`);
        const migrations = await migrationState(database);
        return migrations.upToDate
          ? { ready: true, migrations }
          : { ready: false, reason: "migrations", migrations };
      } catch (err) {
        // The usual 503 of a lost database (http/unavailable.ts): Retry-After and the message.
        if (isDatabaseUnavailable(err)) throw err;
        return { ready: false, reason: "database" };
      }
    },
  };
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}
