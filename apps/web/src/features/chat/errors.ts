import { serverText } from "../../i18n";
import { ApiError } from "../../lib/api";

/** The server's words for a refusal it explains (4xx: a rule, a limit), else the screen's own text. */
export const failureText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 ? serverText(err.message) : fallback;
