import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "@tabi/contracts";
import type { FastifyInstance } from "fastify";
import { text } from "../i18n";
import { badRequest } from "./errors";

/** No body of ours nests deeper; a deeper one would only exhaust the stack of whoever walks it. */
const MAX_DEPTH = 32;

/** Nesting depth of JSON text, counted outside strings; stops as soon as the limit is passed. */
function tooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Whether any key or string in a parsed value holds a control character. */
function hasControl(value: unknown): boolean {
  if (typeof value === "string") return hasControlCharacter(value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasControl);
  for (const [key, v] of Object.entries(value)) if (hasControlCharacter(key) || hasControl(v)) return true;
  return false;
}

/**
 * Guards every body and query before any handler, including better-auth's /api/auth/*, which zod
 * never sees: JSON nested too deeply or text with control characters (a NUL breaks PostgreSQL) is a 400.
 */
export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const raw = body as string;
    if (tooDeep(raw)) return done(badRequest(text("server:errors.bodyTooDeep")), undefined);
    parseJson(request, raw, (err, value) => {
      if (err) return done(err, undefined);
      if (hasControl(value)) return done(badRequest(CONTROL_CHARACTER_MESSAGE), undefined);
      done(null, value);
    });
  });
  app.addHook("preValidation", async (request) => {
    if (hasControl(request.query) || hasControl(request.params)) throw badRequest(CONTROL_CHARACTER_MESSAGE);
  });
}
