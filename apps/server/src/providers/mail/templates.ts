import { PRODUCT_NAME } from "@tabi/contracts";
import { escapeHtml } from "./html";

export function confirmEmail(name: string, url: string) {
  return {
    subject: `Confirm your ${PRODUCT_NAME} account`,
    text: `Hi ${name},\n\nPlease confirm your e-mail address to finish signing up for ${PRODUCT_NAME}:\n\n${url}\n\nIf you did not sign up, you can ignore this message.\n`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Please confirm your e-mail address to finish signing up for ${PRODUCT_NAME}:</p><p><a href="${escapeHtml(url)}">Confirm my e-mail</a></p><p>If you did not sign up, you can ignore this message.</p>`,
  };
}
