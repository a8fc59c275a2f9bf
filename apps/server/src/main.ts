import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { listenOrigins } from "./http/origin";

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
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  // Every address listed here can sign in (the same list better-auth and the origin check trust).
  const addresses = listenOrigins(config);
  app.log.info(`Tabi is ready at ${addresses.join(" , ")} (database: ${app.ctx.database.kind})`);
  if (!config.isProduction && app.ctx.mail.kind === "outbox")
    app.log.info(
      `Dev mailbox (keep this URL private): ${addresses[0]}/dev/mail?token=${config.devMailToken}`,
    );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
