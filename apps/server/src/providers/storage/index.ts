import { join } from "node:path";
import type { Config } from "../../config";
import { localStorage } from "./local";
import { s3Storage } from "./s3";
import type { StorageProvider } from "./types";

export type { StorageProvider, StoredObject } from "./types";
export { isSafeKey, StorageError } from "./types";

/** S3-compatible storage when S3_BUCKET is set; otherwise files under `<dataDir>/uploads`. */
export async function createStorage(config: Config): Promise<StorageProvider> {
  return config.s3 ? s3Storage(config.s3) : localStorage(join(config.dataDir, "uploads"));
}
