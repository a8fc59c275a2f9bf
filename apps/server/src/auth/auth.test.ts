import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { latestLink, TestClient } from "../test/client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("e-mail sign-up", () => {
  it("sends a confirmation link that confirms without signing in; the password then signs in", async () => {
    const c = new TestClient(t.app, "10.1.0.1");
    const res = await c.signUp("mika.tanaka@example.com");
    expect(res.statusCode).toBe(200);
    // Not signed in until the address is confirmed.
    expect((await c.get("/api/me")).statusCode).toBe(401);

    const link = await latestLink(t.app, "mika.tanaka@example.com");
    expect(link).toContain("/api/auth/verify-email?token=");
    const verify = await c.confirm("mika.tanaka@example.com");
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/auth/callback");
    expect((await c.get("/api/me")).statusCode).toBe(401);

    expect((await c.signIn("mika.tanaka@example.com")).statusCode).toBe(200);
    const me = await c.get("/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: "mika.tanaka",
      email: "mika.tanaka@example.com",
      emailVerified: true,
      isGuest: false,
      isPremium: false,
    });
  });

  it("refuses sign-in before confirmation and sends the link again", async () => {
    const c = new TestClient(t.app, "10.1.0.2");
    await c.signUp("late@example.com");
    const before = await t.app.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "late@example.com"));
    const res = await c.signIn("late@example.com");
    expect(res.statusCode).toBe(403);
    const after = await t.app.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "late@example.com"));
    expect(after.length).toBe(before.length + 1);
  });

  it("gives one neutral answer for a wrong password and an unknown e-mail", async () => {
    const c = new TestClient(t.app, "10.1.0.3");
    await c.signUpConfirmed("neutral@example.com");
    const wrong = await new TestClient(t.app, "10.1.0.3").signIn("neutral@example.com", "wrong password!!");
    const unknown = await new TestClient(t.app, "10.1.0.3").signIn("nobody@example.com", "wrong password!!");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("sets an httpOnly, SameSite=Lax session cookie on sign-in", async () => {
    const c = new TestClient(t.app, "10.1.0.4");
    await c.signUpConfirmed("cookie@example.com");
    const res = await new TestClient(t.app, "10.1.0.4").signIn("cookie@example.com");
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat().find((h) => h?.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("signs out: the session no longer works", async () => {
    const c = new TestClient(t.app, "10.1.0.5");
    await c.signUpConfirmed("bye@example.com");
    expect((await c.get("/api/me")).statusCode).toBe(200);
    const stolen = c.cookieHeader;
    expect((await c.post("/api/auth/sign-out")).statusCode).toBe(200);
    const replay = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: stolen } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Authentication required" } });
  });
});

describe("rate limits", () => {
  it("answers 429 after too many sign-ups from one address", async () => {
    const c = new TestClient(t.app, "10.9.9.9");
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.signUp(`burst${i}@example.com`)).statusCode);
    expect(codes.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await new TestClient(t.app, "10.9.9.10").signUp("other-ip@example.com")).statusCode).toBe(200);
  });

  it("answers 429 after too many sign-in attempts", async () => {
    const c = new TestClient(t.app, "10.9.9.11");
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await c.signIn("nobody@example.com", "guessing1234")).statusCode;
    expect(last).toBe(429);
  });
});

describe("guests", () => {
  it("creates a real server-side guest with the chosen display name", async () => {
    const c = new TestClient(t.app, "10.2.0.1");
    const res = await c.guest("  Aiko  ");
    expect(res.statusCode).toBe(200);
    const me = (await c.get("/api/me")).json();
    expect(me).toMatchObject({ name: "Aiko", isGuest: true, email: null });
    const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.isAnonymous).toBe(true);
  });

  it("attaches an e-mail and password to the same user, who can then sign in", async () => {
    const c = new TestClient(t.app, "10.2.0.2");
    await c.guest("Ren");
    const guestId = (await c.get("/api/me")).json().id;

    const bad = await c.post("/api/me/account", { email: "not-an-email", password: "short" });
    expect(bad.statusCode).toBe(400);

    const res = await c.post("/api/me/account", { email: "Ren@Example.com", password: "a long password" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: guestId, isGuest: false, email: "ren@example.com", name: "Ren" });

    const other = new TestClient(t.app, "10.2.0.3");
    await other.confirm("ren@example.com");
    const again = new TestClient(t.app, "10.2.0.4");
    expect((await again.signIn("ren@example.com", "a long password")).statusCode).toBe(200);
    expect((await again.get("/api/me")).json().id).toBe(guestId);
  });

  it("refuses an e-mail that another account uses", async () => {
    await new TestClient(t.app, "10.2.0.5").signUpConfirmed("taken@example.com");
    const c = new TestClient(t.app, "10.2.0.6");
    await c.guest("Sora");
    const res = await c.post("/api/me/account", { email: "taken@example.com", password: "a long password" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("An account with this e-mail already exists");
  });
});

describe("Google sign-in", () => {
  it("is reported as not configured when no client id is set", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.json().googleSignIn).toBe(false);
  });
});
