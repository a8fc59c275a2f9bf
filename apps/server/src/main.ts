import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { listenOrigins } from "./http/origin";
import { isDatabaseUnavailable, surviveDatabaseOutages } from "./http/unavailable";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // From the first moment: a lost database never ends the process (issue 11).
  let log: Pick<FastifyBaseLogger, "warn" | "fatal"> = pino({ level: config.logLevel });
  surviveDatabaseOutages({ warn: (o, m) => log.warn(o, m), fatal: (o, m) => log.fatal(o, m) });
  const app = await buildWhenDatabaseAnswers(config, log);
  log = app.log;
  // SIGTERM drains (http/lifecycle.ts): no new connections, the open ones finish, then everything
  // closes (the jobs running here end first). A second signal stops at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal, drainSeconds: config.drainSeconds }, "draining, then shutting down");
    await app.ctx.lifecycle.drain(config.drainSeconds * 1000);
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  // Every address listed here can sign in (the same list better-auth and the origin check trust).
  const addresses = listenOrigins(config);
  app.log.info(`Tabi is ready at ${addresses.join(" , ")} (database: ${app.ctx.database.kind})`);
  if (!config.isProduction && app.ctx.mail.kind === "outbox")
    app.log.info(
      `Dev mailbox (keep this URL private): ${addresses[0]}/dev/mail?token=${config.devMailToken}`,
    );
}

/** PostgreSQL not answering yet (started at the same time, restarting): wait for it, do not exit. */
async function buildWhenDatabaseAnswers(config: Config, log: Pick<FastifyBaseLogger, "warn">) {
  for (let waitMs = 1000; ; waitMs = Math.min(waitMs * 2, 30_000)) {
    try {
      return await buildApp(config);
    } catch (err) {
      if (!config.databaseUrl || !isDatabaseUnavailable(err)) throw err;
      log.warn({ err }, `the database does not answer; trying again in ${waitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
