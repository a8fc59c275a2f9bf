// The scaled test's cluster: a fresh database on the local PostgreSQL, three app processes and a worker
// started at once (as on separate machines: each its own data folder, no shared secret given), and
// nginx in front with deploy/nginx.conf filled with their ports. Everything is started from the
// build (`npm run build`), as an operator would, and torn down (database dropped) at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

const here = new URL(".", import.meta.url).pathname;
export const serverDir = process.env.SCALED_SERVER_DIR ?? resolve(here, "..");
const repoDir = resolve(here, "../../..");
const webDist = resolve(repoDir, "apps/web/dist");
const ADMIN_URL = process.env.SCALED_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const METRICS_TOKEN = "scaled-test-metrics-token-0123456789";

/** Every process a cluster started and that still runs: killed if the test process exits first. */
const running = new Map<ChildProcess, NodeJS.Signals>();
process.once("exit", () => {
  for (const [child, signal] of running) child.kill(signal);
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

export interface AppProcess {
  port: number;
  child: ChildProcess;
  dataDir: string;
  log: string;
  /** The process's exit, once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export class Cluster {
  apps: AppProcess[] = [];
  worker: ChildProcess | undefined;
  nginx: ChildProcess | undefined;
  nginxPort = 0;
  databaseUrl = "";
  /** Whether the processes answered /api/ready (false: only /api/health exists, noted in the log). */
  readyEndpoint = true;
  private dbName = "";
  private admin: pg.Client | undefined;
  private pool: pg.Pool | undefined;
  private stopped = false;
  readonly dir = mkdtempSync(join(tmpdir(), "tabi-scaled-"));

  get base() {
    return `http://127.0.0.1:${this.nginxPort}`;
  }

  /** A query on the cluster's database (checks from outside the app). */
  async sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 2 });
      // An idle connection ended by the database's drop at the end (`with (force)`) is no failure.
      this.pool.on("error", () => {});
    }
    return (await this.pool.query<T>(text, values)).rows;
  }

  env(port: number, dataDir: string): NodeJS.ProcessEnv {
    const { BETTER_AUTH_SECRET: _secret, NODE_ENV: _env, ...rest } = process.env;
    return {
      ...rest,
      DATABASE_URL: this.databaseUrl,
      JOB_QUEUE: "pg-boss",
      TRUST_PROXY: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      TABI_DATA_DIR: dataDir,
      PUBLIC_URL: this.base,
      LOG_LEVEL: "warn",
      PLACES_PROVIDER: "offline",
      METRICS_TOKEN,
      TILE_URL: "none",
    };
  }

  async start(processes = 3) {
    this.dbName = `tabi_scaled_${Math.random().toString(36).slice(2, 10)}`;
    this.admin = new pg.Client({ connectionString: ADMIN_URL });
    this.admin.on("error", () => {});
    await this.admin.connect();
    await this.admin.query(`create database ${this.dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${this.dbName}`;
    this.databaseUrl = url.toString();
    this.nginxPort = await freePort();
    const ports: number[] = [];
    for (let i = 0; i < processes; i++) ports.push(await freePort());
    // All at once, the worker too: the migrations must cope (an advisory lock).
    this.apps = ports.map((port, i) => this.spawnApp(port, `app${i + 1}`));
    this.worker = this.spawnNode("dist/worker.js", this.env(0, this.mkdir("worker")), "worker");
    try {
      await Promise.all(this.apps.map((a) => this.waitReady(a)));
      await this.startNginx(ports);
    } catch (err) {
      await this.stop();
      throw err;
    }
    return this;
  }

  private mkdir(name: string) {
    const d = join(this.dir, name);
    mkdirSync(d, { recursive: true });
    return d;
  }

  private spawnNode(entry: string, env: NodeJS.ProcessEnv, name: string) {
    const log = join(this.dir, `${name}.log`);
    const fd = openSync(log, "a");
    const child = spawn(process.execPath, [entry], { cwd: serverDir, env, stdio: ["ignore", fd, fd] });
    child.on("error", () => {});
    running.set(child, "SIGKILL");
    child.once("exit", () => running.delete(child));
    return child;
  }

  private spawnApp(port: number, name: string, dataDir = this.mkdir(name)): AppProcess {
    const child = this.spawnNode("dist/main.js", this.env(port, dataDir), name);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once("exit", (code, signal) => done({ code, signal })),
    );
    return { port, child, dataDir, log: join(this.dir, `${name}.log`), exited };
  }

  /** Starts the process of `port` again (same data folder), and waits until it is ready. */
  async restart(index: number) {
    const old = this.apps[index]!;
    const next = this.spawnApp(old.port, `app${index + 1}`, old.dataDir);
    this.apps[index] = next;
    await this.waitReady(next);
    return next;
  }

  /** Until /api/ready answers 200 (or /api/health where /api/ready does not exist yet). */
  async waitReady(app: AppProcess, timeoutMs = 60_000) {
    const t0 = Date.now();
    for (;;) {
      if (app.child.exitCode !== null || app.child.signalCode !== null)
        throw new Error(`process on ${app.port} exited during start-up:\n${tail(app.log)}`);
      try {
        const status = await statusOf(app.port, "/api/ready");
        if (status === 200) return;
        if (status === 404) {
          this.readyEndpoint = false;
          if ((await statusOf(app.port, "/api/health")) === 200) return;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - t0 > timeoutMs) throw new Error(`process on ${app.port} not ready:\n${tail(app.log)}`);
      await sleep(50);
    }
  }

  private async startNginx(ports: number[]) {
    const prefix = this.mkdir("nginx");
    for (const d of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) this.mkdir(`nginx/${d}`);
    writeFileSync(
      join(prefix, "tabi.conf"),
      fillSite(readFileSync(join(repoDir, "deploy/nginx.conf"), "utf8"), ports, this.nginxPort),
    );
    const root = process.getuid?.() === 0;
    writeFileSync(
      join(prefix, "nginx.conf"),
      `${root ? "user root root;\n" : ""}worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format upstream '$request_method $uri $status $upstream_addr $upstream_status';
  access_log ${prefix}/access.log upstream;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # The test's clients stand for many people: each sends its own address (as a front balancer would).
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
  include ${prefix}/tabi.conf;
}
`,
    );
    const log = openSync(join(prefix, "stderr.log"), "a");
    this.nginx = spawn(NGINX, ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-g", "daemon off;"], {
      stdio: ["ignore", log, log],
    });
    this.nginx.on("error", () => {});
    const nginx = this.nginx;
    running.set(nginx, "SIGTERM"); // nginx's fast shutdown: its workers go with it
    nginx.once("exit", () => running.delete(nginx));
    for (let i = 0; ; i++) {
      try {
        // Answered by nginx itself (403): no upstream is tried, none is marked failed.
        await fetch(`${this.base}/api/metrics`);
        return;
      } catch {
        if (this.nginx.exitCode !== null || i > 200)
          throw new Error(
            `nginx did not start:\n${tail(join(prefix, "stderr.log"))}\n${tail(join(prefix, "error.log"))}`,
          );
        await sleep(25);
      }
    }
  }

  /** Which backend ports answered the requests nginx logged (round-robin evidence). */
  upstreamCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    const text = readFileSync(join(this.dir, "nginx/access.log"), "utf8");
    for (const line of text.split("\n")) {
      for (const addr of line.split(" ")[3]?.split(", ") ?? []) {
        if (addr.startsWith("127.0.0.1:")) counts.set(addr, (counts.get(addr) ?? 0) + 1);
      }
    }
    return counts;
  }

  logs() {
    return [
      ...this.apps.map((a) => `--- ${a.port}\n${tail(a.log)}`),
      `--- worker\n${tail(join(this.dir, "worker.log"))}`,
    ].join("\n");
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    const stopping = [...this.apps.map((a) => a.child), this.worker].filter(
      (c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null,
    );
    // The test's own keep-alive connections would hold each for all of DRAIN_SECONDS: 3 s, then SIGKILL.
    await Promise.all(stopping.map((c) => stopChild(c, "SIGTERM", 3000)));
    if (this.nginx && this.nginx.exitCode === null) await stopChild(this.nginx, "SIGQUIT");
    await this.pool?.end().catch(() => {});
    if (this.admin) {
      await this.admin.query(`drop database if exists ${this.dbName} with (force)`).catch(() => {});
      await this.admin.end().catch(() => {});
    }
    if (!process.env.SCALED_KEEP) rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A GET on a connection of its own, closed after the answer: a poll left idle in a keep-alive pool
 * would hold a draining process for all of DRAIN_SECONDS (only nginx's connections are meant to).
 */
function statusOf(port: number, path: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpGet(
      { host: "127.0.0.1", port, path, agent: false, headers: { connection: "close" } },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** deploy/nginx.conf with this run's backends, port and web build: the three places it marks. */
export function fillSite(conf: string, ports: number[], listen: number): string {
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join("\n");
  const filled = conf
    .replace(/(?:^ {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/m, `${servers}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${listen};`)
    .replace(/root \/opt\/tabi\/apps\/web\/dist;/, `root ${webDist};`);
  const unfilled = /^\s*server 127\.0\.0\.1:300\d|^\s*root \/opt\/tabi/m.test(filled);
  if (unfilled || !filled.includes(`listen 127.0.0.1:${listen};`))
    throw new Error(
      "deploy/nginx.conf changed: the scaled test no longer finds its upstream, listen or root lines",
    );
  return filled;
}

export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
