// A browser-like caller for the scaled test: a cookie jar, its own address (X-Forwarded-For, which the
// test's nginx takes from 127.0.0.1), and the Origin of PUBLIC_URL. Requests go through nginx unless
// `port` names one app process, to check what that process alone says.
import type { Cluster } from "./cluster";

let nextIp = 1;

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

export class Client {
  cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    readonly cluster: Cluster,
    ip?: string,
  ) {
    const n = nextIp++;
    this.ip = ip ?? `198.51.${(n >> 8) & 255}.${n & 255}`;
  }

  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      origin: this.cluster.base,
      "x-forwarded-for": this.ip,
      ...(this.cookies.size ? { cookie: this.cookie } : {}),
      ...extra,
    };
  }

  async request(method: string, path: string, body?: unknown, opts: { port?: number } = {}): Promise<Answer> {
    const base = opts.port ? `http://127.0.0.1:${opts.port}` : this.cluster.base;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: this.headers(body === undefined ? {} : { "content-type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    this.store(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get = (path: string, port?: number) => this.request("GET", path, undefined, { port });
  post = (path: string, body: unknown = {}, port?: number) => this.request("POST", path, body, { port });

  /** Like post, but fails the test on anything but 2xx, and answers the body. */
  async ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  private store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The user's id, from the sign-in's answer. */
  userId = "";

  async guest(name = "Guest") {
    const body = await this.ok<{ user?: { id: string } }>("POST", "/api/auth/sign-in/anonymous", { name });
    this.userId = body.user?.id ?? "";
    return this;
  }

  signIn(email: string, password = "correct horse battery") {
    return this.post("/api/auth/sign-in/email", { email, password });
  }

  /** Signs up, follows the confirmation link from the outbox table, signs in: each step through nginx. */
  async signUpConfirmed(email: string, password = "correct horse battery") {
    await this.ok("POST", "/api/auth/sign-up/email", {
      email,
      password,
      name: email.split("@")[0],
      callbackURL: "/auth/callback",
    });
    const [mail] = await this.cluster.sql<{ text: string }>(
      `select text from mail_outbox where "to" = $1 order by created_at desc limit 1`,
      [email],
    );
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no confirmation mail to ${email}`);
    const url = new URL(link);
    const confirmed = await this.get(url.pathname + url.search);
    if (confirmed.status >= 400)
      throw new Error(`confirmation refused: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    const signedIn = await this.signIn(email, password);
    if (signedIn.status !== 200)
      throw new Error(`sign-in failed: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
    return this;
  }

  /** A socket on /api/ws through nginx (or one process), with this client's cookie. */
  socket(port?: number) {
    return new Socket(this, port);
  }
}

type Message = { type: string; [k: string]: unknown };

/** A /api/ws socket that keeps every message it got, and how it closed. */
export class Socket {
  messages: Message[] = [];
  closed: { code: number; reason: string } | undefined;
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];

  constructor(client: Client, port?: number) {
    const base = port ? `ws://127.0.0.1:${port}` : client.cluster.base.replace(/^http/, "ws");
    // Node's WebSocket (undici) takes headers, unlike a browser's.
    const init = {
      headers: { cookie: client.cookie, origin: client.cluster.base, "x-forwarded-for": client.ip },
    };
    this.ws = new WebSocket(`${base}/api/ws`, init as unknown as string[]);
    this.opened = new Promise((done, fail) => {
      this.ws.addEventListener("open", () => done());
      this.ws.addEventListener("error", () => fail(new Error("socket failed to open")));
    });
    this.opened.catch(() => {});
    this.ws.addEventListener("message", (e) => {
      this.messages.push(JSON.parse(String(e.data)));
      this.wake();
    });
    this.ws.addEventListener("close", (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.wake();
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  send(m: Message) {
    this.ws.send(JSON.stringify(m));
  }

  /** Waits for a message matching `match` (already received ones count). */
  async next(match: (m: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const t0 = Date.now();
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) before the message came`);
      const left = timeoutMs - (Date.now() - t0);
      if (left <= 0)
        throw new Error(`no such message in ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((done) => {
        const t = setTimeout(done, left);
        this.waiters.push(() => {
          clearTimeout(t);
          done();
        });
      });
    }
  }

  async subscribe(tripId: string): Promise<number> {
    await this.opened;
    this.send({ type: "subscribe", tripId });
    const m = await this.next((m) => m.type === "subscribed" && m.tripId === tripId);
    return m.seq as number;
  }

  async untilClosed(timeoutMs = 20_000) {
    const t0 = Date.now();
    while (!this.closed && Date.now() - t0 < timeoutMs) await sleepShort();
    return this.closed;
  }

  close() {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close();
  }

  events(tripId: string) {
    return this.messages
      .filter((m) => m.type === "event" && (m.event as { tripId: string }).tripId === tripId)
      .map(
        (m) => m.event as { type: string; seq: number; messageId?: string; message?: { content?: string } },
      );
  }
}

const sleepShort = () => new Promise((r) => setTimeout(r, 20));

/** A trip of the client's (starting in a month, in Kyoto). */
export async function createTrip(owner: Client): Promise<string> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const { trip } = await owner.ok<{ trip: { id: string } }>("POST", "/api/trips", {
    departureLocation: "Kyoto",
    departureLatitude: 34.9858,
    departureLongitude: 135.7588,
    startDate: day(30),
    endDate: day(33),
  });
  return trip.id;
}

export async function join(owner: Client, tripId: string, members: Client[]) {
  const { displayCode } = await owner.ok<{ displayCode: string }>("GET", `/api/trips/${tripId}/invitation`);
  for (const m of members) await m.ok("POST", "/api/trips/join", { code: displayCode });
}
