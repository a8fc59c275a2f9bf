import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Secrets not given in the environment are generated on first start and kept in the data dir, so
// sessions survive restarts without any set-up.
export interface Secrets {
  authSecret: string;
}

export function loadOrCreateSecrets(dataDir: string, given: Partial<Secrets>): Secrets {
  const file = join(dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  } catch {
    // first start, or an unreadable file that we replace below
  }
  const secrets: Secrets = {
    authSecret: given.authSecret ?? stored.authSecret ?? randomBytes(32).toString("base64url"),
  };
  if (!given.authSecret && stored.authSecret !== secrets.authSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ authSecret: secrets.authSecret }, null, 2), { mode: 0o600 });
  }
  return secrets;
}
