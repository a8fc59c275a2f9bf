import { buildTemplate } from "./template";

/** vitest globalSetup for the server suite: one migrated database for every test file to copy. */
export default async function setup() {
  return await buildTemplate();
}
