import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/connect";
import type { OptimizationQueue } from "../jobs/queue";
import { notFound, unauthorized } from "./errors";

export interface MetricsSources {
  database: Database;
  queue: OptimizationQueue | null;
  /** Optimisations running in this process (the embedded worker threads). */
  runningHere: () => number;
}

/**
 * Prometheus metrics (issue 27): requests by route (rate and latency), WebSocket connections, the
 * optimisation queue's depth, the database pool, and Node's own (CPU, memory, event loop). Served at
 * GET /api/metrics to a scraper holding `METRICS_TOKEN`; without the setting the route is not there.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources: MetricsSources,
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "tabi_" });
  const duration = new Histogram({
    name: "tabi_http_request_duration_seconds",
    help: "HTTP requests by method, route and status, with their duration",
    labelNames: ["method", "route", "status"],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({
    name: "tabi_http_server_errors_total",
    help: "Answers of 500 and above, by route",
    labelNames: ["route"],
    registers: [registry],
  });
  new Gauge({
    name: "tabi_websocket_connections",
    help: "Open WebSocket connections of this process",
    registers: [registry],
    collect() {
      const ws = (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer;
      this.set(ws?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: "tabi_optimization_jobs",
    help: "Optimisations waiting in the queue and running (scaled mode), or running in this process",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      if (sources.queue) {
        const depth = await sources.queue.depth().catch(() => undefined);
        if (depth) {
          this.set({ state: "waiting" }, depth.waiting);
          this.set({ state: "active" }, depth.active);
        }
      } else {
        this.set({ state: "waiting" }, 0);
        this.set({ state: "active" }, sources.runningHere());
      }
    },
  });
  new Gauge({
    name: "tabi_db_pool_connections",
    help: "PostgreSQL pool connections: total, idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = sources.database.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
  });

  app.get("/api/metrics", { config: { guard: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    const given = Buffer.from(request.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
}
