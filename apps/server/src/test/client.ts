import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { TabiApp } from "../app";
import { mailOutbox } from "../db/schema";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A caller with a cookie jar, like one browser: keeps the session cookie between requests. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private app: TabiApp,
    public ip = "10.0.0.1",
  ) {}

  /** The same browser talking to another process (scaled mode: a proxy may send it anywhere). */
  via(app: TabiApp): this {
    this.app = app;
    return this;
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        origin: "http://localhost:3000",
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    this.store(res);
    return res;
  }

  get = (url: string) => this.request("GET", url);
  post = (url: string, body: unknown = {}) => this.request("POST", url, body);

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.value === "" || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async signUp(email: string, password = "correct horse battery") {
    return this.post("/api/auth/sign-up/email", {
      email,
      password,
      name: email.split("@")[0],
      callbackURL: "/auth/callback",
    });
  }

  async signIn(email: string, password = "correct horse battery") {
    return this.post("/api/auth/sign-in/email", { email, password });
  }

  /** Follows the newest confirmation link sent to the address, as a click in the e-mail would. */
  async confirm(email: string) {
    const link = await latestLink(this.app, email);
    const url = new URL(link);
    return this.request("GET", url.pathname + url.search);
  }

  async signUpConfirmed(email: string, password?: string) {
    const res = await this.signUp(email, password);
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    await this.confirm(email);
    // The link confirms the address only (decision 0006); the user then signs in.
    const signIn = await this.signIn(email, password);
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    return this;
  }

  async guest(name: string) {
    return this.post("/api/auth/sign-in/anonymous", { name });
  }
}

export async function latestLink(app: TabiApp, to: string): Promise<string> {
  const [mail] = await app.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}
