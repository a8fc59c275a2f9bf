import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError, Input } from "../../ui/Field";
import { signInGuest } from "./api";
import { authErrorMessage } from "./authErrors";
import { sharedPath, takePendingShare } from "./pendingShare";

/** 'What should we call you?': starts as a real server-side guest with that display name. */
export function WelcomeCard({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const trimmed = name.trim();

  async function start(e?: React.FormEvent) {
    e?.preventDefault();
    if (!trimmed || busy) return;
    setBusy(true);
    setError("");
    try {
      await signInGuest(trimmed);
      await queryClient.invalidateQueries();
      onOpenChange(false);
      // Guests may join a shared trip too: back to the one waiting.
      const pending = takePendingShare();
      if (pending) navigate(sharedPath(pending), { replace: true });
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("auth:welcome.title")}
      description={t("auth:welcome.text")}
    >
      <form onSubmit={start} className="space-y-4">
        <Input
          aria-label={t("auth:welcome.name")}
          autoFocus
          maxLength={60}
          placeholder={t("auth:welcome.name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <FormError message={error} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" size="lg" className="sm:flex-1" disabled={!trimmed || busy}>
            {busy ? t("common:status.processing") : t("auth:welcome.start")}
          </Button>
          <Button variant="ghost" size="lg" onClick={() => onOpenChange(false)}>
            {t("auth:welcome.skip")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
