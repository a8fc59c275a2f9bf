import { attachAccountSchema, type Me, PASSWORD_MIN } from "@tabi/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { Languages, Mail, Moon, Sun, UserRound } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Avatar } from "../../app/layout/ProfileMenu";
import { currentLanguage, i18n, serverText, setLanguage } from "../../i18n";
import { isLanguage, LANGUAGES, type Language } from "../../i18n/languages";
import { api } from "../../lib/api";
import { useTheme } from "../../lib/theme";
import { Button } from "../../ui/Button";
import { Field, FormError, Input, inputClass } from "../../ui/Field";
import { FullPageSpinner } from "../../ui/Spinner";
import { rememberAccountLanguage } from "../auth/accountLanguage";
import { meQuery, useMe } from "../auth/session";

const card =
  "rounded-3xl bg-white/90 p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800";

export default function ProfileScreen() {
  const { t } = useTranslation();
  const me = useMe().data;
  const { dark, toggle } = useTheme();
  if (!me) return <FullPageSpinner />;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <section className={`${card} flex items-center gap-4`}>
        <Avatar name={me.name} className="size-16 shrink-0 text-2xl" />
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold">{me.name || t("common:user.guestUser")}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {me.isGuest ? t("common:user.guestAccount") : t("profile:registeredUser")}
          </p>
          {me.email ? (
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{me.email}</p>
          ) : null}
        </div>
      </section>

      {me.isGuest ? <AttachAccount /> : !me.emailVerified ? <UnconfirmedNotice me={me} /> : null}

      <section className={card}>
        <h3 className="mb-3 font-semibold">{t("profile:display.title")}</h3>
        <div className="flex items-center justify-between gap-3">
          <span className="flex min-w-0 items-center gap-2 text-sm">
            {dark ? (
              <Moon className="size-4 shrink-0" aria-hidden />
            ) : (
              <Sun className="size-4 shrink-0" aria-hidden />
            )}{" "}
            {t("profile:display.darkMode")}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={dark}
            aria-label={t("profile:display.darkMode")}
            onClick={toggle}
            className={`relative h-7 w-12 shrink-0 rounded-full transition-colors ${dark ? "bg-brand-600" : "bg-slate-300"}`}
          >
            <span
              className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${dark ? "left-5.5" : "left-0.5"}`}
            />
          </button>
        </div>
        <LanguageSelect me={me} />
      </section>
    </div>
  );
}

/**
 * Spec 3 'Display Settings': English / 日本語 / 한국어 / 中文, each in its own language. The app
 * switches at once and remembers it in this browser; an account also keeps it on the server, so it
 * follows the user to other devices (guests keep it in the browser only).
 */
function LanguageSelect({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  // Shows the choice at once, while the new language's texts load.
  const [value, setValue] = useState<Language>(currentLanguage);
  return (
    <div className="mt-4 flex items-center justify-between gap-3">
      <label htmlFor={id} className="flex min-w-0 items-center gap-2 text-sm">
        <Languages className="size-4 shrink-0" aria-hidden /> {t("profile:display.language")}
      </label>
      <div className="w-40 shrink-0">
        <select
          id={id}
          className={inputClass}
          value={value}
          onChange={(e) => {
            const language = e.target.value;
            if (!isLanguage(language)) return;
            setValue(language);
            void chooseLanguage(language, me, queryClient);
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

async function chooseLanguage(language: Language, me: Me, queryClient: QueryClient) {
  await setLanguage(language); // redraws the app in the new language
  if (me.isGuest) return;
  try {
    const updated = await api<Me>("/api/me/language", { method: "PUT", body: { language } });
    rememberAccountLanguage(updated.language);
    queryClient.setQueryData(meQuery.queryKey, updated);
  } catch {
    // Still the language of this browser; the account keeps its old one for now.
    toast.error(i18n.t("profile:display.languageNotSaved"));
  }
}

function UnconfirmedNotice({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <p className={`${card} flex gap-2 text-sm`}>
      <Mail className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {t("profile:unconfirmed", { email: me.email })}
      </span>
    </p>
  );
}

/** A guest keeps everything and gains an e-mail and password (the same account). */
function AttachAccount() {
  const { t } = useTranslation();
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
        fieldErrors[issue.path[0] as "email" | "password"] ??= serverText(issue.message);
      return setErrors(fieldErrors);
    }
    setBusy(true);
    setErrors({});
    try {
      const me = await api<Me>("/api/me/account", { body: parsed.data });
      queryClient.setQueryData(meQuery.queryKey, me);
    } catch (err) {
      setErrors({ form: serverText((err as Error).message) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={card}>
      <h3 className="flex items-center gap-2 font-semibold">
        <UserRound className="size-4 shrink-0 text-brand-600" aria-hidden /> {t("profile:attach.title")}
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-500 dark:text-slate-400">{t("profile:attach.text")}</p>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field label={t("common:field.email")} error={errors.email}>
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
        <Field
          label={t("common:field.password")}
          error={errors.password}
          hint={t("common:field.passwordHint", { min: PASSWORD_MIN })}
        >
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
          {busy ? t("common:status.processing") : t("profile:attach.submit")}
        </Button>
      </form>
    </section>
  );
}
