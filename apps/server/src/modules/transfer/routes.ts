import {
  EXPORT_FORMATS,
  type ExportFormat,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_PLACES,
  importAddResultSchema,
  importAddSchema,
  importPreviewSchema,
} from "@tabi/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { AppError, badRequest, notFound } from "../../http/errors";
import { scopeOf } from "../../http/guards";
import { readOneFile } from "../../http/multipart";
import { type ServerKey, text } from "../../i18n";
import { visitorOf } from "../sharing/routes";
import type { SharingService } from "../sharing/service";
import type { App, AppContext } from "../types";
import {
  contentDisposition,
  EXPORT_TYPES,
  type ExportInput,
  exportFileName,
  tripGpx,
  tripKml,
} from "./export";
import { ImportError, type ImportProblem, parseImport } from "./parse";
import { addImported, exportInput, previewImport } from "./service";

const PROBLEM_KEY: Record<ImportProblem, ServerKey> = {
  unknownFormat: "server:transfer.unknownFormat",
  badJson: "server:transfer.badJson",
  badXml: "server:transfer.badXml",
  badKmz: "server:transfer.badKmz",
  badCsv: "server:transfer.badCsv",
  doctype: "server:transfer.doctype",
  tooMany: "server:transfer.tooMany",
  empty: "server:transfer.empty",
  unreadable: "server:transfer.unreadable",
};

const tripParams = z.object({ tripId: z.string() });
const exportParams = tripParams.extend({ format: z.enum(EXPORT_FORMATS) });
const sharedExportParams = z.object({ token: z.string().max(200), format: z.enum(EXPORT_FORMATS) });

function sendExport(
  reply: FastifyReply,
  input: ExportInput,
  format: ExportFormat,
  lng: Parameters<typeof tripKml>[1],
) {
  return reply
    .type(EXPORT_TYPES[format])
    .header("cache-control", "private, no-store")
    .header("content-disposition", contentDisposition(exportFileName(input.name, format)))
    .send(format === "kml" ? tripKml(input, lng) : tripGpx(input, lng));
}

/** Imports of places (issue 30 item 5) and exports of places and plan as KML and GPX (item 6). */
export async function transferRoutes(app: App, ctx: AppContext, sharing: SharingService) {
  const { db } = ctx.database;
  const zoneMoved = (tripId: string) => () =>
    ctx.bus.publish({ type: "members.changed", tripId }).then(
      () => {},
      () => {},
    );

  app.post(
    "/api/trips/:tripId/imports/preview",
    {
      config: {
        guard: "tripMember",
        multipart: true,
        rateLimit: { max: 20, timeWindow: "1 minute", keyGenerator: (r) => r.headers.cookie ?? r.ip },
      },
      schema: {
        tags: ["transfer"],
        consumes: ["multipart/form-data"],
        params: tripParams,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const user = await request.requireUser();
      const file = await readOneFile(
        request,
        IMPORT_MAX_BYTES,
        {
          tooLarge: "server:transfer.tooLarge",
          noFile: "server:transfer.noFile",
          unreadable: "server:transfer.unreadable",
        },
        { fileSize: IMPORT_MAX_BYTES, files: 1 },
      );
      let parsed: ReturnType<typeof parseImport>;
      try {
        parsed = parseImport(file.bytes, file.fileName);
      } catch (err) {
        if (err instanceof ImportError)
          throw err.problem === "tooMany"
            ? new AppError(
                413,
                "PAYLOAD_TOO_LARGE",
                text("server:transfer.tooMany", { max: IMPORT_MAX_PLACES }),
              )
            : badRequest(text(PROBLEM_KEY[err.problem]));
        // Anything else a parser throws on a strange file is still the file's doing.
        request.log.warn({ err }, "an import file could not be parsed");
        throw badRequest(text("server:transfer.unreadable"));
      }
      return previewImport(db, ctx.places, scope, user, parsed);
    },
  );

  app.post(
    "/api/trips/:tripId/places/import",
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["transfer"],
        params: tripParams,
        body: importAddSchema,
        response: { 200: importAddResultSchema },
      },
    },
    async (request) =>
      addImported(
        db,
        scopeOf(request),
        await request.requireUser(),
        request.body,
        await request.language(),
        zoneMoved(request.params.tripId),
      ),
  );

  app.get(
    "/api/trips/:tripId/export/:format",
    { config: { guard: "tripMember" }, schema: { tags: ["transfer"], params: exportParams } },
    async (request, reply) => {
      const input = await exportInput(db, ctx.optimizations, scopeOf(request));
      if (!input) throw notFound();
      return sendExport(reply, input, request.params.format, await request.language());
    },
  );

  // The share page's KML and GPX: the same rules as its JSON export (the link's export flag, its password).
  app.get(
    "/api/shared/:token/export/:format",
    {
      config: { guard: "public", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["transfer"], params: sharedExportParams },
    },
    async (request, reply) => {
      const file = await sharing.exportTrip(
        request.params.token,
        await visitorOf(request),
        ctx.config.publicUrl,
      );
      const input: ExportInput = { name: file.trip.name, places: file.trip.places, days: file.trip.days };
      return sendExport(reply, input, request.params.format, await request.language());
    },
  );
}
