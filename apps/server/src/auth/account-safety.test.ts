import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { TestClient } from "../test/client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("a stranger cannot take over a new account through /dev/mail and its confirmation link", async () => {
  const victim = new TestClient(t.app, "10.7.0.1");
  expect((await victim.signUp("victim@example.com")).statusCode).toBe(200);

  const stranger = new TestClient(t.app, "10.7.0.2");
  // The outbox is not there for someone without the token printed in the log.
  expect((await stranger.get("/dev/mail")).statusCode).toBe(404);
  expect((await stranger.get("/api/dev/mail")).statusCode).toBe(404);

  // Even with the link in hand (say, a forwarded mail), following it issues no session.
  const mails = await t.app.inject({
    method: "GET",
    url: `/api/dev/mail?token=${t.app.ctx.config.devMailToken}`,
  });
  const link = (mails.json() as { to: string; text: string }[])
    .find((m) => m.to === "victim@example.com")
    ?.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  const verify = await stranger.get(url.pathname + url.search);
  expect(verify.statusCode).toBe(302);
  expect([verify.headers["set-cookie"]].flat().join(";")).not.toContain("session_token");
  expect((await stranger.get("/api/me")).statusCode).toBe(401);

  // The address is confirmed: the real user signs in with the password.
  expect((await victim.signIn("victim@example.com")).statusCode).toBe(200);
  expect((await victim.get("/api/me")).json()).toMatchObject({ emailVerified: true });
});

describe("per-account sign-in throttle", () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: "true" });
  });
  afterAll(() => p.close());
  /** One e-mail sign-in to the target account, from a browser (client) behind an address (via the proxy). */
  const signIn = (client: TestClient, password: string, address: string) =>
    client.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: "target@example.com", password },
      { "x-forwarded-for": address },
    );

  it("slows 15 wrong passwords from 15 addresses down, yet the owner's browser still signs in", async () => {
    const owner = new TestClient(p.app, "10.8.0.1");
    await owner.signUpConfirmed("target@example.com"); // this browser now signed in once
    const statuses: number[] = [];
    for (let i = 1; i <= 15; i++) {
      const attacker = new TestClient(p.app, "10.8.0.2");
      const res = await signIn(attacker, `guess number ${i}`, `203.0.113.${i}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

    // Even the right password from a new browser waits: the account is being guessed at.
    const stranger = new TestClient(p.app, "10.8.0.3");
    const held = await signIn(stranger, "correct horse battery", "198.51.100.7");
    expect(held.statusCode).toBe(429);
    expect(held.json().error.code).toBe("RATE_LIMITED");

    // The owner's browser, which signed in before, is not locked out.
    const back = await signIn(owner, "correct horse battery", "198.51.100.8");
    expect(back.statusCode).toBe(200);
    expect((await owner.get("/api/me")).statusCode).toBe(200);
  });
});
