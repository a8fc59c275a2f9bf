import {
  documentListSchema,
  documentSchema,
  documentUpdateSchema,
  documentUploadQuerySchema,
  MAX_DOCUMENT_BYTES,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import { readOneFile } from "../../http/multipart";
import type { App, AppContext } from "../types";
import { downloadName, inlineDisposition } from "./files";
import { DocumentService } from "./service";

const tripParams = z.object({ tripId: z.string() });
// Any text: an id that is no document this member may see, well-formed or not, is the same 404.
const documentParams = tripParams.extend({ documentId: z.string().max(100) });
const BASE = "/api/trips/:tripId/documents";
/** Room for the multipart framing around a file of the largest size allowed. */

/**
 * A crafted PDF (or an image that is one too) must not run anything on our origin: no script, no
 * form, no plugin, as if it came from nowhere. It still shows in the browser's viewer.
 */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/**
 * Documents of a trip (issue 30 item 4): members add PDFs and images (multipart, one file, its type
 * read from its bytes), on the trip or a booking, shared or private; the file is served only to those
 * who may see it, inline, with its stored type and nothing to sniff or run.
 */
export async function documentRoutes(app: App, ctx: AppContext) {
  const documents = new DocumentService(ctx.database.db, ctx.storage, ctx.bus);

  app.get(
    BASE,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["documents"], params: tripParams, response: { 200: documentListSchema } },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send({ documents: await documents.list(scopeOf(request)) }),
  );

  app.post(
    BASE,
    {
      config: {
        guard: "tripMember",
        multipart: true,
        // Per member (a group behind one address shares its IP).
        rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: (r) => r.headers.cookie ?? r.ip },
      },
      schema: {
        tags: ["documents"],
        consumes: ["multipart/form-data"],
        params: tripParams,
        querystring: documentUploadQuerySchema,
        response: { 201: documentSchema },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const file = await readOneFile(request, MAX_DOCUMENT_BYTES, {
        tooLarge: "server:documents.tooLarge",
        noFile: "server:documents.noFile",
        unreadable: "server:documents.unreadable",
      });
      const created = await documents.create(
        scope,
        { ...file, bookingId: request.query.bookingId, shared: request.query.shared === "true" },
        request.log,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${BASE}/:documentId/file`,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["documents"], params: documentParams },
    },
    async (request, reply) => {
      const { row, stored } = await documents.read(scopeOf(request), request.params.documentId, request.log);
      return (
        reply
          .type(row.contentType)
          .header("content-disposition", inlineDisposition(downloadName(row.title, row.contentType)))
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", SANDBOX)
          // Who may see it can change (made private, the member leaves): never kept by a cache.
          .header("cache-control", "private, no-store")
          .send(stored.body)
      );
    },
  );

  app.patch(
    `${BASE}/:documentId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["documents"],
        params: documentParams,
        body: documentUpdateSchema,
        response: { 200: documentSchema },
      },
    },
    async (request) => documents.update(scopeOf(request), request.params.documentId, request.body),
  );

  app.delete(
    `${BASE}/:documentId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["documents"], params: documentParams },
    },
    async (request, reply) => {
      await documents.remove(scopeOf(request), request.params.documentId, request.log);
      return reply.status(204).send();
    },
  );
}
