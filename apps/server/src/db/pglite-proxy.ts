import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { PGlite, type Results } from "@electric-sql/pglite";
import { type Answer, type Operation, type RowMode, rebuildError, type Started } from "./pglite-wire";

// PGlite on its own thread (pglite-thread.ts), seen from the server's thread through what drizzle's
// PGlite driver and Tabi call: query, exec, transaction, dumpDataDir, close. The server's thread keeps
// the HTTP work; PGlite's WebAssembly (over half of an add's CPU, decision 0027) runs beside it.

/** What the app uses of a PGlite instance, in process or on its thread. */
export interface PgliteClient {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: { rowMode?: RowMode; parsers?: Record<number, (value: string) => unknown> },
  ): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  transaction<T>(fn: (tx: Pick<PgliteClient, "query" | "exec">) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: "none"): Promise<File | Blob>;
  close(): Promise<void>;
}

/** The thread's script: bundled beside dist/main.js, or the TypeScript source (through tsx) in dev and tests. */
function threadScript(): { file: URL; execArgv: string[] } {
  const bundled = new URL("./db/pglite-thread.js", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { file: bundled, execArgv: [] };
  return { file: new URL("./pglite-thread.ts", import.meta.url), execArgv: ["--import", "tsx"] };
}

const CLOSED = "PGlite is closed";

export class PgliteThread implements PgliteClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 0;
  private nextTx = 0;
  private ended: Error | undefined;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.unref(); // held only while an answer is awaited (call)
    worker.on("message", (a: Answer) => {
      const waiting = this.pending.get(a.id);
      if (!waiting) return;
      this.pending.delete(a.id);
      if (this.pending.size === 0) worker.unref();
      if (a.ok) waiting.resolve(a.value);
      else waiting.reject(rebuildError(a.error));
    });
    const fail = (why: string) => {
      this.ended ??= new Error(`${CLOSED} (its thread ${why})`);
      for (const waiting of this.pending.values()) waiting.reject(this.ended);
      this.pending.clear();
    };
    worker.on("error", (err) => fail(`failed: ${err.message}`));
    worker.on("exit", (code) => fail(`ended with code ${code}`));
  }

  /** PGlite started on its thread: on the data dir, or in memory (from a dump, in tests). */
  static async start(setup: {
    dataDir?: string;
    postgresqlconf: string[];
    template?: Blob;
  }): Promise<PgliteThread> {
    const { file, execArgv } = threadScript();
    const worker = new Worker(file, { workerData: setup, execArgv });
    const started = await new Promise<Started>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`PGlite's thread ended with code ${code}`)));
    }).catch(async (err: Error) => {
      await worker.terminate();
      throw err;
    });
    worker.removeAllListeners("message").removeAllListeners("error").removeAllListeners("exit");
    if (!started.ready) {
      await worker.terminate();
      throw rebuildError(started.error);
    }
    return new PgliteThread(worker);
  }

  private call<T>(operation: Operation): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...operation, id });
    });
  }

  query<T>(
    text: string,
    params: unknown[] = [],
    options?: { rowMode?: RowMode; parsers?: Record<number, (value: string) => unknown> },
    tx?: number,
  ): Promise<Results<T>> {
    return this.call({
      op: "query",
      text,
      params,
      rowMode: options?.rowMode ?? "object",
      asText: textTypes(options?.parsers),
      tx,
    });
  }

  exec(text: string, tx?: number): Promise<Array<Results>> {
    return this.call({ op: "exec", text, tx });
  }

  /** fn's statements in one transaction: committed when fn returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: Pick<PgliteClient, "query" | "exec">) => Promise<T>): Promise<T> {
    const tx = ++this.nextTx;
    await this.call({ op: "begin", tx });
    let result: T;
    try {
      result = await fn({
        query: (text, params, options) => this.query(text, params, options, tx),
        exec: (text) => this.exec(text, tx),
      });
    } catch (err) {
      await this.call({ op: "end", tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: "end", tx, commit: true });
    return result;
  }

  /** The data dir as a tar, uncompressed (the only form the server uses). */
  dumpDataDir(_compression?: "none"): Promise<Blob> {
    return this.call({ op: "dump" });
  }

  async close(): Promise<void> {
    if (this.ended) return;
    await this.call({ op: "close" });
    this.ended = new Error(CLOSED);
    await this.worker.terminate();
  }
}

const probe = "2026-01-01 00:00:00";
const textTypesOf = new WeakMap<object, number[]>();

/**
 * The types whose parser keeps the text as it is. Functions cannot cross to PGlite's thread, and
 * drizzle's only parsers are these (dates and times stay text); any other parser is refused.
 */
function textTypes(parsers: Record<number, (value: string) => unknown> | undefined): number[] {
  if (!parsers) return [];
  let found = textTypesOf.get(parsers);
  if (!found) {
    found = Object.entries(parsers).map(([oid, parse]) => {
      if (parse(probe) !== probe) throw new Error(`PGlite's thread keeps types as text only (type ${oid})`);
      return Number(oid);
    });
    textTypesOf.set(parsers, found);
  }
  return found;
}

/** True for PGlite in process or on its thread: both take prepared statements (pglite-prepared.ts). */
export function isPglite(client: unknown): client is PgliteClient {
  return client instanceof PgliteThread || client instanceof PGlite;
}
