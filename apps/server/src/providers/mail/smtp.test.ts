import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { TestClient } from "../../test/client";

// A real SMTP peer on loopback: with SMTP_URL set, confirmation e-mails leave through SMTP.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let t: TestApp;

beforeAll(async () => {
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Tabi <hello@tabi.test>" });
});
afterAll(async () => {
  await t.close();
  smtp.close();
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
