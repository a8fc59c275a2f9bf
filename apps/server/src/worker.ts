// `npm run worker`: the optimisation worker of scaled mode (jobs/worker.ts).
import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { surviveDatabaseOutages } from "./http/unavailable";
import { startWorker } from "./jobs/worker";

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError("npm run worker needs DATABASE_URL: the job queue lives in PostgreSQL");
  const log = pino({ level: config.logLevel });
  surviveDatabaseOutages(log);
  const stop = await startWorker(config.databaseUrl, log);
  log.info("optimisation worker ready");
  const shutdown = async (signal: string) => {
    log.info({ signal }, "finishing the running jobs, then stopping");
    await stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
