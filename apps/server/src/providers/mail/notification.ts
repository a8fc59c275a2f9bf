import { type Language, t } from "../../i18n";
import { escapeHtml } from "./html";

export interface NotificationMailInput {
  /** The reader's name, for the greeting. */
  name: string;
  subject: string;
  /** The mail's paragraphs, plain text. */
  lines: string[];
  /** A quoted text under the paragraphs (the last chat message). */
  quote?: string;
  tripUrl: string;
  unsubscribeUrl: string;
  /** What the unsubscribe link turns off ("reminder e-mails"), in the reader's language. */
  kind: string;
  lng: Language;
}

/**
 * A notification e-mail (issue 16): greeting, the news, a link to the trip, and a one-click
 * unsubscribe both in the body and as List-Unsubscribe headers (RFC 8058).
 */
export function notificationMail(m: NotificationMailInput) {
  const greeting = t("server:mail.greeting", { name: m.name }, m.lng);
  const open = t("server:notifications.openTrip", undefined, m.lng);
  const why = t("server:notifications.unsubscribeIntro", { kind: m.kind }, m.lng);
  const unsubscribe = t("server:notifications.unsubscribe", undefined, m.lng);
  const quote = m.quote ? [`> ${m.quote.replace(/\n/g, "\n> ")}`] : [];
  const text = [greeting, ...m.lines, ...quote, `${open}: ${m.tripUrl}`, `--\n${why}\n${m.unsubscribeUrl}`];
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    p(greeting),
    ...m.lines.map(p),
    m.quote ? `<blockquote>${escapeHtml(m.quote).replace(/\n/g, "<br>")}</blockquote>` : "",
    `<p>${link(m.tripUrl, open)}</p>`,
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(why)} ${link(m.unsubscribeUrl, unsubscribe)}</p>`,
  ].join("");
  return {
    subject: m.subject,
    text: `${text.join("\n\n")}\n`,
    html,
    headers: {
      "List-Unsubscribe": `<${m.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
