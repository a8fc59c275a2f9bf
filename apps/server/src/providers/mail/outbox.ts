import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { mailOutbox } from "../../db/schema";
import type { MailMessage, MailProvider } from "./types";

// Embedded default: the message is kept in the database and printed to the log with its links, so
// a person running `npm start` can confirm an account without any mail server.
export function outboxMail(db: Db, log: FastifyBaseLogger): MailProvider {
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values(message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: message.to, subject: message.subject, links },
        "mail stored in the outbox (see /dev/mail)",
      );
    },
  };
}
