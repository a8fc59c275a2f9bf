import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/connect";
import { outboxMail } from "./outbox";
import { smtpMail } from "./smtp";
import type { MailProvider } from "./types";

export type { MailMessage, MailProvider } from "./types";

export function createMailProvider(config: Config, db: Db, log: FastifyBaseLogger): MailProvider {
  return config.smtpUrl ? smtpMail(config.smtpUrl, config.mailFrom) : outboxMail(db, log);
}
export { notificationMail } from "./notification";
