import { afterAll, beforeAll, expect, it } from "vitest";
import { notificationLog } from "../../db/schema";
import { smtpMail } from "../../providers/mail/smtp";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, inviteCode, join, registered } from "../../test/fixtures";
import { startSmtpCapture } from "../../test/smtp";
import { NotificationService } from "./service";

// With SMTP_URL set, a notification leaves through SMTP with its one-click unsubscribe headers.
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let received: typeof smtp.received;
let t: TestApp;
let viaSmtp: NotificationService;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  received = smtp.received;
  t = await createTestApp();
  // The app's own service, but with the SMTP provider (the test users confirm through the outbox).
  const { database, bus, presence } = t.app.ctx;
  viaSmtp = new NotificationService({
    db: database.db,
    bus,
    presence,
    mail: smtpMail(smtp.url, "Tabi <hello@tabi.test>"),
    publicUrl: "http://localhost:3000",
    secret: "smtp-test-secret",
    log: t.app.log,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("sends List-Unsubscribe and List-Unsubscribe-Post through SMTP", async () => {
  const owner = await registered(t.app, "smtp-notify-owner@example.com");
  const trip = await createTrip(owner, { name: "Mail trip" });
  const ann = await registered(t.app, "smtp-notify-ann@example.com");
  expect((await join(ann, await inviteCode(owner, trip.id))).statusCode).toBe(200);
  await t.app.ctx.notifications.settled(); // the app's own (outbox) mail, logged: forgotten here
  await t.app.ctx.database.db.delete(notificationLog);
  viaSmtp.memberJoined(trip.id, ann.id);
  await viaSmtp.settled();
  await expect.poll(() => received.find((m) => m.to[0] === owner.email && /joined/.test(m.raw))).toBeTruthy();
  const mail = received.find((m) => m.to[0] === owner.email && /joined/.test(m.raw))!;
  const raw = mail.raw.replace(/\r?\n[ \t]+/g, " "); // unfolded headers
  expect(raw).toMatch(/^Subject: smtp-notify-ann joined Mail trip/m);
  expect(raw).toMatch(
    /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>/m,
  );
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
});
