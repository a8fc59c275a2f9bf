// Scaled mode's throughput (issue 27): 1, 2 and 3 app processes on one PostgreSQL, with a worker,
// behind nginx (deploy/nginx.conf, round-robin), measured through nginx with bench-writes.mjs's loads:
// adding a place (10 connections) and the mixed 80/20 load. Each process's CPU share (from /proc),
// nginx's, PostgreSQL's (all its backends on this machine) and the machine's, with `uptime`'s load.
// `npm run bench:server` runs it last; alone, after a build: node scripts/bench-scaled.mjs [1 2 3]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { apiClient, cpuSeconds, figure, serverDir, sleep, startServer, stopServer } from "./bench-lib.mjs";
import { cannon, freshDatabase, requestMakers, seed } from "./bench-writes.mjs";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const SECONDS = Number(process.env.BENCH_SCALED_SECONDS ?? 6);
const repoDir = join(serverDir, "../..");

/** deploy/nginx.conf with these backends, port and web build (the marked places; as the scaled test does). */
function fillSite(ports, listen) {
  const conf = readFileSync(join(repoDir, "deploy/nginx.conf"), "utf8");
  return conf
    .replace(
      /(?:^ {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/m,
      `${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}\n`,
    )
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${listen};`)
    .replace(/root \/opt\/tabi\/apps\/web\/dist;/, `root ${join(repoDir, "apps/web/dist")};`);
}

async function startNginx(ports, listen) {
  const prefix = mkdtempSync(join(tmpdir(), "tabi-bench-nginx-"));
  for (const d of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, d));
  writeFileSync(join(prefix, "tabi.conf"), fillSite(ports, listen));
  writeFileSync(
    join(prefix, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root root;\n" : ""}worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # The bench stands for many people: each request's own address, as a front balancer would send it.
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
  include ${prefix}/tabi.conf;
}
`,
  );
  const child = spawn(NGINX, ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${listen}/api/metrics`); // nginx's own 403: no upstream touched
      break;
    } catch {
      if (child.exitCode !== null || i > 200) throw new Error(`nginx did not start (${prefix}/error.log)`);
      await sleep(25);
    }
  }
  return {
    child,
    async stop() {
      child.kill("SIGQUIT");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function freePort() {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}

/** CPU seconds of every process named `name` on the machine (PostgreSQL's backends). */
function cpuOfAll(name) {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) === name) total += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The machine's busy and total CPU ticks (all cores) from /proc/stat. */
function machineTicks() {
  const [, ...f] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/** One measure through nginx with the CPU each part used, in % of one core. */
async function measure(base, cycle, apps) {
  const pids = apps.map((a) => a.child.pid);
  const before = {
    apps: pids.map(cpuSeconds),
    nginx: cpuOfAll("nginx"),
    pg: cpuOfAll("postgres"),
    machine: machineTicks(),
    self: process.cpuUsage(),
  };
  const t0 = performance.now();
  const result = await cannon(base, cycle, SECONDS);
  const wall = (performance.now() - t0) / 1000;
  const pct = (s) => Math.round((s / wall) * 100);
  result.cpu = {
    apps: pids.map((pid, i) => pct(cpuSeconds(pid) - before.apps[i])),
    nginx: pct(cpuOfAll("nginx") - before.nginx),
    pg: pct(cpuOfAll("postgres") - before.pg),
    bench: pct(process.cpuUsage(before.self).user / 1e6 + process.cpuUsage(before.self).system / 1e6),
    machine: (() => {
      const now = machineTicks();
      return Math.round(
        ((now.busy - before.machine.busy) / (now.total - before.machine.total)) * cpus().length * 100,
      );
    })(),
  };
  // CPU per request of the whole path (processes, nginx, PostgreSQL, the load generator): what two
  // idle cores could serve at most, whatever else the machine was doing meanwhile.
  const { apps: a, nginx, pg, bench } = result.cpu;
  result.cpuMsPerRequest =
    ((a.reduce((x, y) => x + y, 0) + nginx + pg + bench) * 10 * wall) / result.requests.total;
  result.ceiling = Math.round((cpus().length * 1000) / result.cpuMsPerRequest);
  result.load = load();
  return result;
}

/** n processes and a worker on a fresh database, nginx in front: the add and mixed loads. */
export async function benchScaled(n) {
  const db = await freshDatabase("postgres");
  const nginxPort = await freePort();
  const ports = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  const dirs = [];
  const envOf = (port) => {
    const dir = mkdtempSync(join(tmpdir(), "tabi-bench-app-"));
    dirs.push(dir);
    return {
      ...db.env,
      TABI_DATA_DIR: dir,
      PORT: String(port),
      HOST: "127.0.0.1",
      JOB_QUEUE: "pg-boss",
      TRUST_PROXY: "true",
      PUBLIC_URL: `http://localhost:${nginxPort}`,
      // The seeding talks to the first process directly.
      ALLOWED_ORIGINS: `http://localhost:${ports[0]}`,
    };
  };
  const worker = spawn(process.execPath, ["dist/worker.js"], {
    cwd: serverDir,
    env: { ...process.env, ...envOf(0), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let apps = [];
  let nginx;
  try {
    // Seeded through one process; then every member Premium (the free plan's 10 places a member
    // would end the add run), and the processes started afresh with that.
    const first = await startServer(envOf(ports[0]));
    apps = [first];
    const data = await seed(apiClient(ports[0]));
    await stopServer(first.child);
    await db.sql("update users set is_premium = true");
    apps = await Promise.all(ports.map((port) => startServer(envOf(port))));
    nginx = await startNginx(ports, nginxPort);
    const api = apiClient(nginxPort);
    const adds = requestMakers(api, data.addTrip);
    const make = requestMakers(api, data.trip);
    const remember = (_status, body, context) => {
      context.added = JSON.parse(body).place?.id;
    };
    const reads = (k) => Array(k).fill(make.full);
    const mixed = [...reads(4), [make.add, remember], ...reads(4), make.edit, ...reads(4), make.remove];
    await cannon(api.base, mixed, 2); // warm-up: JIT, caches, nginx's upstream connections
    await sleep(500);
    const add = await measure(api.base, [adds.add], apps);
    await sleep(500);
    const mix = await measure(api.base, mixed, apps);
    return { add, mix };
  } finally {
    await nginx?.stop();
    await Promise.all(apps.map((a) => stopServer(a.child)));
    worker.kill("SIGTERM");
    if (worker.exitCode === null) await new Promise((r) => worker.once("exit", r));
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** The parts' CPU, and what the rest of the machine took meanwhile (other work on a shared machine). */
const cpuCell = ({ cpu, ceiling }) => {
  const ours = cpu.apps.reduce((a, b) => a + b, 0) + cpu.nginx + cpu.pg + cpu.bench;
  const apps = cpu.apps.map((c) => `${c}%`).join(" + ");
  return `apps ${apps}, nginx ${cpu.nginx}%, PostgreSQL ${cpu.pg}%, autocannon ${cpu.bench}%; machine ${cpu.machine}% of ${cpus().length * 100}% (others ${Math.max(0, cpu.machine - ours)}%); ceiling ${ceiling} req/s`;
};

/** Prints the table; `counts`: how many app processes per row. */
export async function printScaled(counts = [1, 2, 3]) {
  const rows = [];
  for (const n of counts) {
    try {
      rows.push([n, await benchScaled(n)]);
    } catch (err) {
      rows.push([n, null]);
      console.error(`scaled, ${n} process(es): not measured (${err.message})`);
    }
    await sleep(1000);
  }
  console.log(
    `\nScaled mode through nginx (deploy/nginx.conf, round-robin), PostgreSQL, JOB_QUEUE=pg-boss, 10 connections, ${SECONDS} s each. This machine has ${cpus().length} cores: the app processes, nginx, PostgreSQL and the load generator share them (PostgreSQL: all its backends, other databases' too). CPU in % of one core; "others": the rest of the machine's work meanwhile; "ceiling": ${cpus().length} cores divided by the CPU time per request of the whole path (processes, nginx, PostgreSQL, autocannon), the most this machine could serve with nothing else running. The "ms CPU/req" of each figure is that whole path's.`,
  );
  console.log("| app processes | add a place | CPU (add) | mixed 80/20 | CPU (mixed) | load average after |");
  console.log("|---:|---|---|---|---|---|");
  for (const [n, r] of rows)
    console.log(
      r
        ? `| ${n} | ${figure(r.add)} | ${cpuCell(r.add)} | ${figure(r.mix)} | ${cpuCell(r.mix)} | ${r.mix.load} |`
        : `| ${n} | not measured | | | | |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = process.argv.slice(2).map(Number).filter(Boolean);
  await printScaled(counts.length ? counts : [1, 2, 3]);
}
