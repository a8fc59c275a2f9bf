import { ChevronDown, Heart, Mail, Sparkles, Users, Zap } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { useClientConfig } from "../../lib/config";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { ABOUT, CREDITS, FAQ, TERMS, TERMS_UPDATED } from "./content";
import type { DialogKind } from "./dialogs";
import { FeedbackForm } from "./FeedbackForm";

const TITLES = {
  about: "info:title.about",
  help: "info:title.help",
  feedback: "info:title.feedback",
  terms: "info:title.terms",
  contact: "info:title.contact",
} as const satisfies Record<Exclude<DialogKind, "premium">, string>;
const HIGHLIGHT_ICONS = [Users, Zap, Sparkles];

export default function InfoDialog({
  kind,
  open,
  onOpenChange,
  onNavigate,
}: {
  kind: Exclude<DialogKind, "premium">;
  open: boolean;
  onOpenChange(open: boolean): void;
  onNavigate(kind: Exclude<DialogKind, "premium">): void;
}) {
  const { t } = useTranslation();
  const supportEmail = useClientConfig()?.supportEmail ?? "support@tabi.app";
  // The address inside a sentence: <mail>{{email}}</mail> in the catalogue.
  const mail = (i18nKey: "info:help.stillNeedHelp" | "info:terms.questions" | "info:contact.support") => (
    <Trans
      i18nKey={i18nKey}
      values={{ email: supportEmail }}
      components={{
        mail: (
          // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside
          <a
            className="font-medium text-brand-700 [overflow-wrap:anywhere] underline dark:text-brand-100"
            href={`mailto:${supportEmail}`}
          />
        ),
      }}
    />
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(TITLES[kind])}>
      {kind === "about" ? (
        <div className="space-y-4">
          <p className="text-slate-600 dark:text-slate-300">{t(ABOUT.mission)}</p>
          <ul className="space-y-3">
            {ABOUT.highlights.map((h, i) => {
              const Icon = HIGHLIGHT_ICONS[i] ?? Heart;
              return (
                <li key={h.title} className="flex gap-3 rounded-2xl bg-slate-50 p-3 dark:bg-slate-800/60">
                  <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                  <div>
                    <h3 className="font-semibold">{t(h.title)}</h3>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{t(h.text)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <section>
            <h3 className="text-sm font-semibold">{t("info:about.data")}</h3>
            <ul className="mt-1 list-disc pl-5 text-xs text-slate-500 dark:text-slate-400">
              {CREDITS.map((c) => (
                <li key={c}>{t(c)}</li>
              ))}
            </ul>
          </section>
        </div>
      ) : kind === "help" ? (
        <div className="space-y-4">
          <h3 className="font-semibold">{t("info:help.faq")}</h3>
          <div className="divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
            {FAQ.map((f) => (
              <details key={f.q} className="group px-4 py-3">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium [&::-webkit-details-marker]:hidden">
                  {t(f.q)}
                  <ChevronDown
                    className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                    aria-hidden
                  />
                </summary>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(f.a)}</p>
              </details>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2 rounded-2xl bg-brand-50 p-4 text-sm dark:bg-brand-900/30">
            <Mail className="size-4 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
            <span className="min-w-48 flex-1">{mail("info:help.stillNeedHelp")}</span>
            <Button size="sm" variant="secondary" className="ml-auto" onClick={() => onNavigate("feedback")}>
              {t("info:title.feedback")}
            </Button>
          </div>
        </div>
      ) : kind === "terms" ? (
        <div className="space-y-4">
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("info:terms.updated", { date: formatDate(TERMS_UPDATED, { month: "long", year: "numeric" }) })}
          </p>
          {TERMS.map((s) => (
            <section key={s.title}>
              <h3 className="font-semibold">{t(s.title)}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(s.text)}</p>
            </section>
          ))}
          <p className="text-sm text-slate-600 dark:text-slate-300">{mail("info:terms.questions")}</p>
        </div>
      ) : kind === "contact" ? (
        <div className="space-y-3 text-slate-600 dark:text-slate-300">
          <p>{t("info:contact.text")}</p>
          <p className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-brand-600" aria-hidden />
            <span className="min-w-0">{mail("info:contact.support")}</span>
          </p>
          <Button variant="secondary" onClick={() => onNavigate("feedback")}>
            {t("info:title.feedback")}
          </Button>
        </div>
      ) : (
        <FeedbackForm />
      )}
    </Dialog>
  );
}
