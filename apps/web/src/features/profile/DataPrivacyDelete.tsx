import type { Me } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input } from "../../ui/Field";
import { signOut } from "../auth/api";

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Deleting the account: what happens to trips and messages, the e-mail (a guest: the name) typed to
 * confirm, then the server deletes it and the app signs out (local data cleared, back to sign-in).
 */
export function DeleteAccountDialog({
  me,
  open,
  onOpenChange,
}: {
  me: Me;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expected = me.isGuest ? me.name : (me.email ?? "");
  const matches = expected.trim() !== "" && same(typed, expected);

  function change(next: boolean) {
    if (busy) return;
    if (!next) {
      setTyped("");
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api<void>("/api/me", { method: "DELETE", body: { confirm: typed.trim() } });
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : t("privacy:delete.failed"));
      return;
    }
    // The session is gone with the account: sign out clears what this browser kept, then reloads.
    // Its request finds no session any more; what matters is what follows it (clear and reload).
    await signOut().catch(() => undefined);
  }

  const points = [
    t("privacy:delete.ownedShared"),
    t("privacy:delete.ownedAlone"),
    t("privacy:delete.joined"),
    t("privacy:delete.messages", { name: t("chat:message.deletedUser") }),
    t("privacy:delete.photos"),
  ];
  return (
    <Dialog open={open} onOpenChange={change} title={t("privacy:delete.title")}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{t("privacy:delete.intro")}</p>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("privacy:delete.exportFirst")}</p>
        <Field
          label={
            me.isGuest
              ? t("privacy:delete.confirmName", { name: expected })
              : t("privacy:delete.confirmEmail", { email: expected })
          }
        >
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode={me.isGuest ? "text" : "email"}
              disabled={busy}
            />
          )}
        </Field>
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={() => change(false)} disabled={busy}>
            {t("common:action.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || busy}>
            {busy ? t("common:status.deleting") : t("privacy:delete.button")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
