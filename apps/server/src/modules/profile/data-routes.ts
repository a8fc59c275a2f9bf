import { deleteAccountSchema, exportJobSchema } from "@tabi/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { KNOWN_BROWSER_COOKIE } from "../../auth/account-throttle";
import { AppError, notFound } from "../../http/errors";
import { text } from "../../i18n";
import type { App, AppContext } from "../types";
import { deleteAccount } from "./delete";
import { ExportJobs, exportFileName } from "./export";

const jobParams = z.object({ jobId: z.string().max(100) });
/** A small account's export is usually done by then: the answer says "ready" at once. */
const QUICK_WAIT_MS = 400;

/**
 * Data & Privacy (issue 16): an export of everything of the caller, made in the background with
 * progress, and the deletion of the account.
 */
export async function accountDataRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;
  const exports = new ExportJobs(db, ctx.config.publicUrl, app.log);
  app.addHook("onClose", () => exports.close());
  const notAvailable = () => notFound(text("server:accountData.exportNotFound"));

  app.post(
    "/api/me/export",
    {
      config: { guard: "signedIn", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { tags: ["profile"], response: { 202: exportJobSchema } },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const job = await exports.start(user.id);
      await Promise.race([job.done, new Promise((done) => setTimeout(done, QUICK_WAIT_MS).unref())]);
      return reply.status(202).send(exports.view(job));
    },
  );

  app.get(
    "/api/me/export/:jobId",
    {
      config: { guard: "signedIn" },
      schema: { tags: ["profile"], params: jobParams, response: { 200: exportJobSchema } },
    },
    async (request, reply) => {
      const job = await exports.get((await request.requireUser()).id, request.params.jobId);
      if (!job) throw notAvailable();
      return reply.header("cache-control", "no-store").send(exports.view(job));
    },
  );

  app.get(
    "/api/me/export/:jobId/file",
    { config: { guard: "signedIn" }, schema: { tags: ["profile"], params: jobParams } },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      const job = await exports.get(userId, request.params.jobId);
      if (!job) throw notAvailable();
      if (job.status === "failed")
        throw new AppError(409, "CONFLICT", text("server:accountData.exportFailed"));
      const file = job.status === "ready" ? await exports.file(userId, job.id) : undefined;
      if (!file) throw new AppError(409, "CONFLICT", text("server:accountData.exportNotReady"));
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="${exportFileName(job.startedAt)}"`)
        .send(file);
    },
  );

  app.delete(
    "/api/me",
    {
      config: { guard: "signedIn", rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { tags: ["profile"], body: deleteAccountSchema },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await deleteAccount(
        { db, storage: ctx.storage, bus: ctx.bus, payments: ctx.payments, log: request.log },
        user,
        request.body.confirm,
      );
      await exports.forget(user.id);
      ctx.caches.forgetSessions();
      await clearSessionCookies(ctx, reply);
      return reply.status(204).send();
    },
  );
}

/** The session's cookies expire in the browser (the session rows are gone already). */
async function clearSessionCookies(ctx: AppContext, reply: FastifyReply) {
  const { authCookies } = await ctx.auth.$context;
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    const a = cookie.attributes;
    const parts = [`${cookie.name}=`, "Max-Age=0", `Path=${a.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
    if (a.secure) parts.push("Secure");
    reply.header("set-cookie", parts.join("; "));
  }
  reply.header("set-cookie", `${KNOWN_BROWSER_COOKIE}=; Max-Age=0; Path=/api/auth; HttpOnly; SameSite=Lax`);
}
