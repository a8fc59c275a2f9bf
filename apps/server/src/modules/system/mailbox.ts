import { escapeHtml } from "../../providers/mail/html";

const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

export function renderMailbox(
  rows: { to: string; subject: string; text: string; createdAt: Date }[],
): string {
  const items = rows
    .map(
      (m) =>
        `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</small></header><pre>${linkify(m.text)}</pre></article>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Tabi dev mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}@media(prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}article{border-color:#334155}a{color:#93c5fd}}</style></head>
<body><h1>Dev mailbox</h1><p>Messages the embedded mail provider kept (newest first). Set <code>SMTP_URL</code> to send real e-mail.</p>${items || "<p>No messages yet.</p>"}</body></html>`;
}
