import nodemailer from "nodemailer";
import type { MailMessage, MailProvider } from "./types";

export function smtpMail(smtpUrl: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
  };
}
