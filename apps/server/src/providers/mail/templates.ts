import { PRODUCT_NAME } from "@tabi/contracts";
import { type Language, t } from "../../i18n";
import { escapeHtml } from "./html";

/** The sign-up confirmation (also sent when a guest attaches an e-mail), in the reader's language. */
export function confirmEmail(name: string, url: string, lng: Language = "en") {
  const product = { product: PRODUCT_NAME };
  const greeting = (who: string) => t("server:mail.greeting", { name: who }, lng);
  const intro = t("server:mail.confirmIntro", product, lng);
  const ignore = t("server:mail.confirmIgnore", undefined, lng);
  return {
    subject: t("server:mail.confirmSubject", product, lng),
    text: `${greeting(name)}\n\n${intro}\n\n${url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(greeting(name))}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t("server:mail.confirmButton", undefined, lng))}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}
