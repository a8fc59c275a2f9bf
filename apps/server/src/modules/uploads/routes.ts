import type { FastifyMultipartOptions } from "@fastify/multipart";
import { MAX_UPLOAD_BYTES, uploadSchema } from "@tabi/contracts";
import { z } from "zod";
import { notFound } from "../../http/errors";
import { scopeOf } from "../../http/guards";
import { readOneFile } from "../../http/multipart";
import type { App, AppContext } from "../types";
import { findUpload } from "./queries";
import { createUpload, readUpload } from "./service";

/** One file per request, nothing else of size (app.ts registers @fastify/multipart with these). */
export const multipartOptions: FastifyMultipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  throwFileSizeLimit: true,
};

const tripParams = z.object({ tripId: z.string() });
const uploadParams = tripParams.extend({ uploadId: z.uuid() });

export async function uploadRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;
  const { storage } = ctx;

  app.post(
    "/api/trips/:tripId/uploads",
    {
      // Re-encoding is the heaviest work a member can ask for: a few photos at a time is plenty.
      config: {
        guard: "tripMember",
        multipart: true,
        // Per member (a group behind one address shares its IP).
        rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: (r) => r.headers.cookie ?? r.ip },
      },
      schema: {
        tags: ["uploads"],
        consumes: ["multipart/form-data"],
        params: tripParams,
        querystring: z.object({ purpose: z.enum(["chat", "place", "receipt"]).default("chat") }),
        response: { 201: uploadSchema },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const file = await readOneFile(request, MAX_UPLOAD_BYTES, {
        tooLarge: "server:uploads.tooLarge",
        noFile: "server:uploads.noFile",
        unreadable: "server:uploads.unreadable",
      });
      const upload = await createUpload({ db, storage, log: request.log }, scope, {
        ...file,
        purpose: request.query.purpose,
      });
      return reply.status(201).send(upload);
    },
  );

  app.get(
    "/api/trips/:tripId/uploads/:uploadId",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["uploads"],
        params: uploadParams,
        querystring: z.object({ size: z.enum(["full", "thumb"]).default("full") }),
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      // Another trip's upload is as unknown here as a made-up id.
      const row = await findUpload(db, scope.tripId, request.params.uploadId);
      if (!row) throw notFound();
      const size = request.query.size;
      // The bytes under an upload's key never change: its id names them for good.
      const etag = `"${row.id}-${size}"`;
      const cached = request.headers["if-none-match"]?.split(",").some((t) => t.trim() === etag);
      const stored = cached ? undefined : await readUpload({ storage, log: request.log }, row, size);
      if (!cached && !stored) throw notFound(); // the file is gone; an error is never cached
      reply
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("etag", etag);
      if (!stored) return reply.status(304).send();
      return reply.type(row.contentType).send(stored.body);
    },
  );
}
