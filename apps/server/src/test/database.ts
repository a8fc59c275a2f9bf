import { randomBytes } from "node:crypto";
import pg from "pg";
import { connect, type Database } from "../db/connect";
import { templateDatabase, templateDump } from "./template";

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by DATABASE_URL (created here, dropped by the returned cleanup). Under the suite's global
 * set-up it starts as a copy of the migrated template (./template.ts); run alone, it starts empty.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await connect({ template: templateDump() });
    return { database, drop: () => database.close() };
  }
  const name = `tabi_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = templateDatabase();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await connect({ databaseUrl: testUrl.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
