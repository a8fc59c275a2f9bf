export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe (kept by the outbox, sent by SMTP). */
  headers?: Record<string, string>;
}

/** One interface, two implementations: the embedded outbox and SMTP (DESIGN.md). */
export interface MailProvider {
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
