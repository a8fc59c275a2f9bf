import { Check, Copy, Ticket } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { useInvitation } from "./api";

/** The trip's invitation code with a copy button ('Copied!' for 2 s), spec 3 'Share screen'. */
export function InviteCard({ tripId }: { tripId: string }) {
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
        <Ticket className="size-4 text-brand-700 dark:text-brand-100" aria-hidden /> Invitation code
      </p>
      <div className="mt-2 flex items-center gap-3">
        <output aria-label="Invitation code" className="flex-1 font-mono text-2xl font-bold tracking-[0.2em]">
          {invitation.isPending ? "Generating code..." : invitation.isError ? "NO CODE" : code}
        </output>
        <Button variant="secondary" size="sm" onClick={copy} disabled={!code}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
      {invitation.isError ? (
        <p className="mt-2 text-xs text-red-600 dark:text-red-400">{(invitation.error as Error).message}</p>
      ) : invitation.data ? (
        <p className="mt-2 text-xs text-slate-500">
          Friends enter it with Join Trip on their home screen.{" "}
          {invitation.data.maxUses - invitation.data.currentUses} of {invitation.data.maxUses} uses left.
        </p>
      ) : null}
    </div>
  );
}
