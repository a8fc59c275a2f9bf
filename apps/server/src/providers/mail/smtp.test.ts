import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { TestClient } from "../../test/client";
import { startSmtpCapture } from "../../test/smtp";

// A real SMTP peer on loopback: with SMTP_URL set, confirmation e-mails leave through SMTP.
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let received: typeof smtp.received;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  received = smtp.received;
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Tabi <hello@tabi.test>" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("sends the confirmation e-mail through SMTP, with a working link", async () => {
  const c = new TestClient(t.app, "10.4.0.1");
  expect((await c.signUp("smtp.user@example.com")).statusCode).toBe(200);
  await expect.poll(() => received.length).toBe(1);
  const mail = received[0]!;
  expect(mail.to).toEqual(["smtp.user@example.com"]);
  expect(mail.raw).toMatch(/^From: Tabi <hello@tabi\.test>/m);
  expect(mail.raw).toMatch(/^Subject: Confirm your Tabi account/m);
  const link = mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  const res = await c.request("GET", url.pathname + url.search);
  expect(res.statusCode).toBe(302);
  // The link confirms the address; the password signs in (decision 0006).
  expect((await c.get("/api/me")).statusCode).toBe(401);
  expect((await c.signIn("smtp.user@example.com")).statusCode).toBe(200);
  expect((await c.get("/api/me")).json()).toMatchObject({
    email: "smtp.user@example.com",
    emailVerified: true,
  });
  // Nothing went to the embedded outbox.
  expect(t.app.ctx.mail.kind).toBe("smtp");
});
