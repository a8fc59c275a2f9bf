// Helpers shared by the server benches: start the built server as `npm start` does, call its API.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// BENCH_SERVER_DIR: another build of apps/server to measure (a before/after comparison).
export const serverDir = process.env.BENCH_SERVER_DIR ?? new URL("..", import.meta.url).pathname;
// `npm start` is `[NAME=value ...] node <flags> dist/main.js`: the assignments go to the environment.
const startWords = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8")).scripts.start.split(" ");
const startEnv = Object.fromEntries(
  startWords.slice(0, startWords.indexOf("node")).map((word) => word.split("=")),
);
const startArgs = startWords.slice(startWords.indexOf("node") + 1);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const randomPort = () => 3300 + Math.floor(Math.random() * 500);

/** Starts `node <npm start's flags> dist/main.js` and waits for the first 200 from /api/health. */
export async function startServer(env, nodeFlags = []) {
  const t0 = performance.now();
  const [flags, entry] = [startArgs.slice(0, -1), startArgs.at(-1)];
  const child = spawn(process.execPath, [...flags, ...nodeFlags, entry], {
    cwd: serverDir,
    // The shipped gazetteer alone: a bench must not depend on (or load) an outside place service.
    env: {
      ...process.env,
      ...startEnv,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PLACES_PROVIDER: "offline",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
      if (res.ok) return { child, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    await sleep(20);
  }
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/**
 * A small API client. `ip` is sent as X-Forwarded-For: benches start the server with
 * TRUST_PROXY=true, so each simulated user has its own address, as behind a real proxy, and the
 * per-address limits apply to each of them as they do in production.
 */
export function apiClient(port) {
  const base = `http://127.0.0.1:${port}`;
  const headers = { "content-type": "application/json", origin: `http://localhost:${port}` };
  const call = async (cookie, path, body, method = body ? "POST" : "GET", ip) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, cookie, ...(ip ? { "x-forwarded-for": ip } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const session = async (name, ip) => {
    const res = await fetch(`${base}/api/auth/sign-in/anonymous`, {
      method: "POST",
      headers: { ...headers, ...(ip ? { "x-forwarded-for": ip } : {}) },
      body: JSON.stringify({ name }),
    });
    if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };
  return { base, headers, call, session };
}

export const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The process's resident memory in MiB. */
export const rssMiB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

/** CPU seconds a process has used (user + system), from /proc: 100 ticks a second on Linux. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of every PostgreSQL process on this machine (the server's backends and its workers). */
export function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/**
 * Waits until the server is idle (under 10% of a core for 250 ms, at most `maxMs`): work a run left
 * behind (trip events still being published after their responses) must not be measured in the next.
 * Answers how long it took.
 */
export async function settle(pid, maxMs = 30_000) {
  const t0 = performance.now();
  for (;;) {
    const before = cpuSeconds(pid);
    await sleep(250);
    if (cpuSeconds(pid) - before <= 0.025 || performance.now() - t0 > maxMs) return performance.now() - t0;
  }
}

/** "1234 req/s, p99 5 ms" with failures named, so a fast run of errors never passes for a fast run. */
export function figure(result) {
  const bad = result.non2xx + result.errors + result.timeouts;
  const codes = Object.keys(result.statusCodeStats ?? {}).filter((c) => !c.startsWith("2"));
  const failures = bad ? ` (${bad} failed of ${result.requests.total}: ${codes.join(", ") || "errors"})` : "";
  const cpu = result.cpuMsPerRequest === undefined ? "" : `, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req`;
  const settled =
    result.settledMs > 600 ? ` (server busy ${(result.settledMs / 1000).toFixed(1)} s before)` : "";
  const after = result.after
    ? `; after the burst: server quiet in ${(result.after.quietMs / 1000).toFixed(1)} s${
        result.after.postgresCpu === undefined
          ? ""
          : `, PostgreSQL ${result.after.postgresCpu.toFixed(2)} s CPU meanwhile`
      }${result.after.rssMiB === undefined ? "" : `, memory ${result.after.rssMiB.toFixed(0)} MiB`}`
    : "";
  return `${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms${cpu}${failures}${settled}${after}`;
}
