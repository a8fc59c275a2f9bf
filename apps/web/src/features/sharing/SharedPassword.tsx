import { useQueryClient } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Field, Input } from "../../ui/Field";
import { sharedKeys, unlockShare } from "./publicApi";

/**
 * "Password Required" (spec 3): the password opens the link for an hour (a cookie the server sets);
 * a wrong one and too many tries show the server's message. After unlocking, the trip is read again.
 */
export function SharedPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError("");
    try {
      await unlockShare(token, password);
      // "Verifying..." stays until the trip has been read with the new cookie.
      await queryClient.invalidateQueries({ queryKey: [...sharedKeys.all, token] });
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t("server:sharing.loadFailed"));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md py-6">
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5 rounded-3xl bg-white/90 p-6 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900/90 dark:ring-slate-800 sm:p-8"
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <div className="rounded-2xl bg-brand-50 p-3 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100">
            <LockKeyhole className="size-7" aria-hidden />
          </div>
          <h2 className="text-xl font-semibold">{t("sharing:password.title")}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("server:sharing.passwordRequired")}</p>
        </div>
        <Field label={t("common:field.password")} error={error || undefined}>
          {(id, d) => (
            <Input
              id={id}
              type="password"
              autoComplete="off"
              autoFocus
              aria-describedby={d}
              aria-invalid={error ? true : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={!password || busy}>
          {busy ? t("sharing:password.verifying") : t("sharing:password.submit")}
        </Button>
      </form>
    </div>
  );
}
