import { ChevronDown, Heart, Mail, Sparkles, Users, Zap } from "lucide-react";
import { useClientConfig } from "../../lib/config";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { ABOUT, CREDITS, FAQ, TERMS } from "./content";
import type { DialogKind } from "./dialogs";
import { FeedbackForm } from "./FeedbackForm";

const TITLES: Record<Exclude<DialogKind, "premium">, string> = {
  about: "About Us",
  help: "Help Center",
  feedback: "Send Feedback",
  terms: "Terms of Service",
  contact: "Contact Us",
};
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
  const supportEmail = useClientConfig()?.supportEmail ?? "support@tabi.app";
  const mailLink = (
    <a className="font-medium text-brand-700 underline dark:text-brand-100" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={TITLES[kind]}>
      {kind === "about" ? (
        <div className="space-y-4">
          <p className="text-slate-600 dark:text-slate-300">{ABOUT.mission}</p>
          <ul className="space-y-3">
            {ABOUT.highlights.map((h, i) => {
              const Icon = HIGHLIGHT_ICONS[i] ?? Heart;
              return (
                <li key={h.title} className="flex gap-3 rounded-2xl bg-slate-50 p-3 dark:bg-slate-800/60">
                  <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                  <div>
                    <h3 className="font-semibold">{h.title}</h3>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{h.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <section>
            <h3 className="text-sm font-semibold">Data</h3>
            <ul className="mt-1 list-disc pl-5 text-xs text-slate-500 dark:text-slate-400">
              {CREDITS.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </section>
        </div>
      ) : kind === "help" ? (
        <div className="space-y-4">
          <h3 className="font-semibold">Frequently asked questions</h3>
          <div className="divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
            {FAQ.map((f) => (
              <details key={f.q} className="group px-4 py-3">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium [&::-webkit-details-marker]:hidden">
                  {f.q}
                  <ChevronDown
                    className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                    aria-hidden
                  />
                </summary>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{f.a}</p>
              </details>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2 rounded-2xl bg-brand-50 p-4 text-sm dark:bg-brand-900/30">
            <Mail className="size-4 text-brand-700 dark:text-brand-100" aria-hidden /> Still need help? Write
            to {mailLink}
            <Button size="sm" variant="secondary" className="ml-auto" onClick={() => onNavigate("feedback")}>
              Send Feedback
            </Button>
          </div>
        </div>
      ) : kind === "terms" ? (
        <div className="space-y-4">
          <p className="text-xs text-slate-500 dark:text-slate-400">Last updated: January 2024</p>
          {TERMS.map((s) => (
            <section key={s.title}>
              <h3 className="font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{s.text}</p>
            </section>
          ))}
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Questions about these terms? Write to {mailLink}.
          </p>
        </div>
      ) : kind === "contact" ? (
        <div className="space-y-3 text-slate-600 dark:text-slate-300">
          <p>We read every message and usually answer within two working days.</p>
          <p className="flex items-center gap-2">
            <Mail className="size-4 text-brand-600" aria-hidden /> Support: {mailLink}
          </p>
          <Button variant="secondary" onClick={() => onNavigate("feedback")}>
            Send Feedback
          </Button>
        </div>
      ) : (
        <FeedbackForm />
      )}
    </Dialog>
  );
}
