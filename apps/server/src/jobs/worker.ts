import pino from "pino";
import { connect } from "../db/connect";
import { runMigrations } from "../db/migrate";
import { OptimizationService } from "../modules/itinerary/service";
import { createGeoLookup, createPlacesProvider } from "../providers/places";
import { TripBus } from "../realtime/bus";
import { workOptimizations } from "./queue";

/**
 * Scaled mode's optimisation worker (DESIGN.md): takes jobs from the pg-boss queue the servers fill
 * (JOB_QUEUE=pg-boss), solves each in a worker thread, saves the plan and tells the trip's members
 * through the PostgreSQL channel the servers listen on.
 */
/** A worker on the given database; returns its stop. Tests run one in-process. */
export async function startWorker(databaseUrl: string, log = pino({ level: "info" })) {
  const database = await connect({
    databaseUrl,
    onIdleError: (err) => log.warn({ err }, "an idle database connection failed"),
  });
  await runMigrations(database);
  const bus = new TripBus(database, (err) => log.warn({ err }, "trip event channel"));
  await bus.start();
  const geo = createGeoLookup(createPlacesProvider({ provider: "offline" }));
  const service = new OptimizationService(database.db, bus, geo, log);
  const worker = await workOptimizations(databaseUrl, (job) => service.runQueued(job), log);
  return async () => {
    await worker.stop();
    await bus.close();
    await database.close();
  };
}
