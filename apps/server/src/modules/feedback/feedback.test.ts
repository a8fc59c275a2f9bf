import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { TestClient } from "../../test/client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/feedback", () => {
  it("refuses a blank message with the spec's text", async () => {
    const res = await new TestClient(t.app).post("/api/feedback", { type: "bug", message: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please enter your message");
  });

  it("refuses an unknown type and a malformed e-mail", async () => {
    const c = new TestClient(t.app);
    expect((await c.post("/api/feedback", { type: "rant", message: "hi" })).statusCode).toBe(400);
    expect((await c.post("/api/feedback", { message: "hi", email: "nope" })).statusCode).toBe(400);
  });

  it("stores a signed-out sender's feedback with no user, the default type and a null e-mail", async () => {
    const res = await new TestClient(t.app).post("/api/feedback", { message: "  Lovely app  ", email: "" });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.database.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    expect(row).toMatchObject({ userId: null, feedbackType: "general", message: "Lovely app", email: null });
  });

  it("records the signed-in sender", async () => {
    const c = new TestClient(t.app, "10.3.0.1");
    await c.signUpConfirmed("fb@example.com");
    const res = await c.post("/api/feedback", {
      type: "compliment",
      message: "Great",
      email: "fb@example.com",
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.database.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    const [user] = await t.app.ctx.database.db.select().from(users).where(eq(users.email, "fb@example.com"));
    expect(row).toMatchObject({ userId: user!.id, feedbackType: "compliment", email: "fb@example.com" });
  });
});
