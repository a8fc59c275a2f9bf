import type { FastifyBaseLogger } from "fastify";
import { startPgBoss } from "../../jobs/queue";
import type { NotificationService } from "./service";

export const REMINDERS_EVERY_MS = 60_000;
export const REMINDERS_QUEUE = "notification-reminders";

/**
 * Runs the reminders every minute. Embedded: an interval in this process. Scaled (JOB_QUEUE=pg-boss):
 * a pg-boss cron schedule, taken by one of the servers each minute. Either way notification_log lets a
 * reminder go out once, even if two processes run at the same moment. Returns the stop.
 */
export async function startReminders(
  service: NotificationService,
  log: FastifyBaseLogger,
  queueUrl: string | null,
): Promise<() => Promise<void>> {
  const run = () => service.runReminders().catch((err) => log.warn({ err }, "sending the reminders failed"));
  if (queueUrl) {
    const boss = await startPgBoss(queueUrl, log);
    await boss.createQueue(REMINDERS_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
    await boss.schedule(REMINDERS_QUEUE, "* * * * *");
    await boss.work(REMINDERS_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
      await run();
    });
    return () => boss.stop({ graceful: false, close: true });
  }
  const first = setTimeout(run, 10_000); // not during start-up
  const timer = setInterval(run, REMINDERS_EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
