import { attachAccountSchema, type Me } from "@tabi/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Mail, Moon, Sun, UserRound } from "lucide-react";
import { useState } from "react";
import { Avatar } from "../../app/layout/ProfileMenu";
import { api } from "../../lib/api";
import { useTheme } from "../../lib/theme";
import { Button } from "../../ui/Button";
import { Field, FormError, Input } from "../../ui/Field";
import { FullPageSpinner } from "../../ui/Spinner";
import { meQuery, useMe } from "../auth/session";

const card =
  "rounded-3xl bg-white/90 p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800";

export default function ProfileScreen() {
  const me = useMe().data;
  const { dark, toggle } = useTheme();
  if (!me) return <FullPageSpinner />;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <section className={`${card} flex items-center gap-4`}>
        <Avatar name={me.name} className="size-16 text-2xl" />
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold">{me.name || "Guest User"}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {me.isGuest ? "Guest Account" : "Registered User"}
          </p>
          {me.email ? (
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{me.email}</p>
          ) : null}
        </div>
      </section>

      {me.isGuest ? <AttachAccount /> : !me.emailVerified ? <UnconfirmedNotice me={me} /> : null}

      <section className={card}>
        <h3 className="mb-3 font-semibold">Display Settings</h3>
        <div className="flex items-center justify-between">
          <span className="flex items-center gap-2 text-sm">
            {dark ? <Moon className="size-4" aria-hidden /> : <Sun className="size-4" aria-hidden />} Dark
            mode
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={dark}
            aria-label="Dark mode"
            onClick={toggle}
            className={`relative h-7 w-12 rounded-full transition-colors ${dark ? "bg-brand-600" : "bg-slate-300"}`}
          >
            <span
              className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${dark ? "left-5.5" : "left-0.5"}`}
            />
          </button>
        </div>
      </section>
    </div>
  );
}

function UnconfirmedNotice({ me }: { me: Me }) {
  return (
    <p className={`${card} flex gap-2 text-sm`}>
      <Mail className="size-4 shrink-0 text-brand-600" aria-hidden /> We sent a confirmation link to{" "}
      {me.email}. Open it to be able to sign in with your e-mail.
    </p>
  );
}

/** A guest keeps everything and gains an e-mail and password (the same account). */
function AttachAccount() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = attachAccountSchema.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      const fieldErrors: typeof errors = {};
      for (const issue of parsed.error.issues)
        fieldErrors[issue.path[0] as "email" | "password"] ??= issue.message;
      return setErrors(fieldErrors);
    }
    setBusy(true);
    setErrors({});
    try {
      const me = await api<Me>("/api/me/account", { body: parsed.data });
      queryClient.setQueryData(meQuery.queryKey, me);
    } catch (err) {
      setErrors({ form: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={card}>
      <h3 className="flex items-center gap-2 font-semibold">
        <UserRound className="size-4 text-brand-600" aria-hidden /> Keep your trips
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-500 dark:text-slate-400">
        Add an e-mail and a password to sign in on any device. Your trips, places and messages stay yours.
      </p>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field label="Email" error={errors.email}>
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password} hint="At least 8 characters">
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <FormError message={errors.form} />
        <Button type="submit" disabled={busy}>
          {busy ? "Processing..." : "Create account"}
        </Button>
      </form>
    </section>
  );
}
