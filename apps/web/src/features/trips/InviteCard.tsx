import { Check, Copy, Ticket } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { useInvitation } from "./api";

/** The trip's invitation code with a copy button ('Copied!' for 2 s), spec 3 'Share screen'. */
export function InviteCard({ tripId }: { tripId: string }) {
  const { t } = useTranslation();
  const invitation = useInvitation(tripId);
  const [copied, setCopied] = useState(false);
  const code = invitation.data?.displayCode;

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // clipboard blocked (http, permissions): the code stays visible to copy by hand
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div className="rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Ticket className="size-4 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
        {t("trips:invite.title")}
      </p>
      <div className="mt-2 flex items-center gap-3">
        <output
          aria-label={t("trips:invite.title")}
          className={`min-w-0 flex-1 ${code ? "font-mono text-2xl font-bold tracking-[0.2em]" : "text-sm text-slate-500"}`}
        >
          {invitation.isPending
            ? t("trips:invite.generating")
            : invitation.isError
              ? t("trips:invite.noCode")
              : code}
        </output>
        <Button variant="secondary" size="sm" className="shrink-0" onClick={copy} disabled={!code}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t("trips:invite.copied") : t("trips:invite.copy")}
        </Button>
      </div>
      {invitation.isError ? (
        <p className="mt-2 text-xs text-red-600 dark:text-red-400">{(invitation.error as Error).message}</p>
      ) : (
        // How to use the code shows with the card; the uses left join it when the code arrives, in the
        // same line, so nothing below moves.
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          {invitation.data
            ? t("trips:invite.help", {
                left: invitation.data.maxUses - invitation.data.currentUses,
                max: invitation.data.maxUses,
              })
            : t("trips:invite.howTo")}
        </p>
      )}
    </div>
  );
}
