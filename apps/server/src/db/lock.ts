import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

// PGlite has one connection and no locking of its own: a lock file makes a second process that
// opens the same data directory fail with a clear message instead of corrupting it.
export function acquireDirLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The database in ${file.replace(/\/[^/]*$/, "")} is in use by process ${pid}. Stop it first, or set TABI_DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
