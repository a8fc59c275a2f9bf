import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { type Answer, errorFields, type Request, type RowMode, type Started } from "./pglite-wire";

// PGlite's own thread (decision 0027): its WebAssembly runs here, beside the HTTP work of the server's
// thread instead of between it. Operations are started in the order they arrive; PGlite's own queue
// runs them one at a time, and holds every other one while a transaction is open.

interface Setup {
  dataDir?: string;
  postgresqlconf: string[];
  template?: Blob;
}

const port = parentPort!;
const setup = workerData as Setup;
const identity = (value: unknown) => value;
const parsersByKey = new Map<string, Record<number, (value: string) => unknown>>();
const open = new Map<number, Transaction>();
const ends = new Map<number, (commit: boolean, id: number) => void>();
const ROLLBACK = Symbol("rollback");

function parsers(asText: number[]) {
  const key = asText.join(",");
  let found = parsersByKey.get(key);
  if (!found) {
    found = Object.fromEntries(asText.map((oid) => [oid, identity]));
    parsersByKey.set(key, found);
  }
  return found;
}

const answer = (a: Answer) => port.postMessage(a);

async function start() {
  // The options object form: `new PGlite(undefined, options)` ignores the options (PGlite 0.5), so a
  // test's template would not be loaded and initdb would run instead.
  const pglite = new PGlite({
    dataDir: setup.dataDir,
    postgresqlconf: setup.postgresqlconf,
    loadDataDir: setup.template,
  });
  await pglite.waitReady;
  return pglite;
}

function runner(pglite: PGlite) {
  const on = (tx: number | undefined) => {
    if (tx === undefined) return pglite;
    const t = open.get(tx);
    if (!t) throw new Error(`No open transaction ${tx}`);
    return t;
  };
  async function run(r: Request): Promise<unknown> {
    switch (r.op) {
      case "query": {
        const { rows, fields, affectedRows } = await on(r.tx).query(r.text, r.params, {
          rowMode: r.rowMode as RowMode,
          parsers: parsers(r.asText),
        });
        return { rows, fields, affectedRows };
      }
      case "exec":
        return (await on(r.tx).exec(r.text)).map(({ rows, fields, affectedRows }) => ({
          rows,
          fields,
          affectedRows,
        }));
      case "dump":
        return await pglite.dumpDataDir("none");
      case "close":
        await pglite.close();
        return null;
      default:
        throw new Error(`Unknown operation ${(r as { op: string }).op}`);
    }
  }
  return (r: Request) => {
    if (r.op === "begin") return begin(pglite, r.id, r.tx);
    if (r.op === "end") {
      const end = ends.get(r.tx);
      if (end) return end(r.commit, r.id);
      return answer({ id: r.id, ok: false, error: errorFields(new Error(`No open transaction ${r.tx}`)) });
    }
    run(r).then(
      (value) => answer({ id: r.id, ok: true, value }),
      (err) => answer({ id: r.id, ok: false, error: errorFields(err) }),
    );
  };
}

/** Opens PGlite's transaction and holds it until the server's thread ends it (commit or rollback). */
function begin(pglite: PGlite, id: number, tx: number) {
  let began = false;
  let endId = -1;
  pglite
    .transaction(async (t) => {
      const commit = await new Promise<boolean>((resolve) => {
        open.set(tx, t);
        ends.set(tx, (c, eid) => {
          endId = eid;
          resolve(c);
        });
        began = true;
        answer({ id, ok: true, value: null });
      });
      if (!commit) throw ROLLBACK;
    })
    .then(
      () => answer({ id: endId, ok: true, value: null }),
      (err) => {
        if (!began) return answer({ id, ok: false, error: errorFields(err) });
        if (err === ROLLBACK) return answer({ id: endId, ok: true, value: null });
        answer({ id: endId, ok: false, error: errorFields(err) });
      },
    )
    .finally(() => {
      open.delete(tx);
      ends.delete(tx);
    });
}

// A first start runs initdb in a WebAssembly instance of its own, garbage once PGlite is up. This
// thread allocates too little for V8 to collect it soon: its memory (about 350 MiB) stayed for good.
// So the thread collects after its start, and again whenever a busy spell (its garbage) is followed by
// a quiet one. Quiet is a few operations in 10 s: the embedded maintenance reads every second.
// Workers take no --expose-gc; the flag set here gives a new context's `gc`.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const QUIET = 50;
let operations = 0;
let sinceCollected = QUIET; // the start's own garbage
setInterval(() => {
  sinceCollected += operations;
  if (operations < QUIET && sinceCollected >= QUIET) {
    sinceCollected = 0;
    gc();
  }
  operations = 0;
}, 10_000).unref();

start().then(
  (pglite) => {
    const run = runner(pglite);
    port.on("message", (r: Request) => {
      operations++;
      run(r);
    });
    port.postMessage({ ready: true } satisfies Started);
  },
  (err) => port.postMessage({ ready: false, error: errorFields(err) } satisfies Started),
);
