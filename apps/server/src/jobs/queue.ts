import type { OptimizationSettings } from "@tabi/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";

/** A job as it waits in the queue: the server checked the caller before queueing it. */
export interface QueuedOptimization {
  tripId: string;
  userId: string;
  jobId: string;
  settings: OptimizationSettings;
  /** When the member pressed Optimize (ms since epoch): the success overlay shows the whole time. */
  started: number;
}

export const OPTIMIZE_QUEUE = "optimize";

/**
 * Scaled mode's job queue (DESIGN.md): pg-boss on the same PostgreSQL database. Servers send, and
 * `npm run worker` processes take the jobs, however many run. A job is not retried: a failed plan is
 * reported to the group, who press Optimize again.
 */
export async function startPgBoss(connectionString: string, log: FastifyBaseLogger): Promise<PgBoss> {
  // Imported here: pg-boss is not part of the embedded mode's memory.
  const { PgBoss: Boss } = await import("pg-boss");
  const boss = new Boss({ connectionString, useListenNotify: true, max: 4 });
  boss.on("error", (err) => log.error({ err }, "job queue"));
  await boss.start();
  await boss.createQueue(OPTIMIZE_QUEUE, { notify: true, retryLimit: 0, expireInSeconds: 120 });
  return boss;
}

export interface OptimizationQueue {
  send(job: QueuedOptimization): Promise<void>;
  /** Jobs waiting and running (the metrics' queue depth). */
  depth(): Promise<{ waiting: number; active: number }>;
  close(): Promise<void>;
}

export async function pgBossQueue(
  connectionString: string,
  log: FastifyBaseLogger,
): Promise<OptimizationQueue> {
  const boss = await startPgBoss(connectionString, log);
  return {
    async send(job) {
      await boss.send(OPTIMIZE_QUEUE, job);
    },
    async depth() {
      const q = await boss.getQueue(OPTIMIZE_QUEUE);
      return { waiting: q?.queuedCount ?? 0, active: q?.activeCount ?? 0 };
    },
    close: () => boss.stop({ graceful: false, close: true }),
  };
}

/** The worker side: runs each queued job to its end, at most `concurrency` at a time per process. */
export async function workOptimizations(
  connectionString: string,
  run: (job: QueuedOptimization) => Promise<void>,
  log: FastifyBaseLogger,
  concurrency = 2,
): Promise<{ stop(): Promise<void> }> {
  const boss = await startPgBoss(connectionString, log);
  for (let i = 0; i < concurrency; i++)
    await boss.work<QueuedOptimization>(OPTIMIZE_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await run(job.data);
    });
  return { stop: () => boss.stop({ graceful: true, timeout: 30_000, close: true }) };
}
