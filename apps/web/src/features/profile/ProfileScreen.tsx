import {
  attachAccountSchema,
  changeEmailSchema,
  type Me,
  PASSWORD_MIN,
  updateProfileSchema,
} from "@tabi/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { Bell, Languages, Loader2, Mail, Moon, Save, Sun, UserRound } from "lucide-react";
import { useEffect, useId, useState } from "react";
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
import { requestEmailChange, saveName, useNotificationSettings, useSaveNotificationSetting } from "./api";
import { DataPrivacy } from "./DataPrivacy";

const card =
  "rounded-3xl bg-white/90 p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800";

export default function ProfileScreen() {
  const { t } = useTranslation();
  const me = useMe().data;
  const { dark, toggle } = useTheme();
  if (!me) return <FullPageSpinner />;
  return (
    // Room at the end for the floating "Save Changes".
    <div className="mx-auto max-w-xl space-y-4 pb-16">
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

      {!me.isGuest && !me.emailVerified ? <UnconfirmedNotice me={me} /> : null}

      <ProfileSettings me={me} />

      {me.isGuest ? <AttachAccount /> : null}

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
          <Switch checked={dark} label={t("profile:display.darkMode")} onChange={toggle} />
        </div>
        <LanguageSelect me={me} />
      </section>

      <NotificationToggles me={me} />

      <DataPrivacy />
    </div>
  );
}

function Switch({
  checked,
  label,
  onChange,
  disabled,
}: {
  checked: boolean;
  label: string;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={onChange}
      disabled={disabled}
      className={`relative h-7 w-12 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 ${checked ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-600"}`}
    >
      <span
        className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${checked ? "left-5.5" : "left-0.5"}`}
      />
    </button>
  );
}

type Errors = { name?: string; email?: string; form?: string };

/**
 * Spec 3 'Profile Settings': Name, Display Name and Email, with the floating "Save Changes" that
 * appears after an edit. One name is kept on the server: the account's name is what the members of
 * the user's trips see, so Display Name shows it as they see it. A new e-mail takes effect when the
 * link sent to it is opened. A failed save keeps what was typed.
 */
function ProfileSettings({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // null: untouched, showing the saved value (which a refetch may change).
  const [name, setName] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const shownName = name ?? me.name;
  const shownEmail = email ?? me.email ?? "";
  const nameChanged = name !== null && name.trim() !== me.name;
  const emailChanged = !me.isGuest && email !== null && email.trim().toLowerCase() !== (me.email ?? "");
  const dirty = nameChanged || emailChanged;

  // Leaving the page with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  async function save() {
    const found: Errors = {};
    const parsedName = updateProfileSchema.safeParse({ name: shownName });
    if (nameChanged && !parsedName.success)
      found.name = serverText(parsedName.error.issues[0]?.message ?? "");
    const parsedEmail = changeEmailSchema.safeParse({ email: shownEmail.trim() });
    if (emailChanged && !parsedEmail.success)
      found.email = serverText(parsedEmail.error.issues[0]?.message ?? "");
    setErrors(found);
    if (found.name || found.email) return;
    setSaving(true);
    const failed: Errors = {};
    let saved = false;
    let sentTo: string | null = null;
    if (nameChanged && parsedName.success) {
      try {
        await saveName(parsedName.data.name, queryClient);
        setName(null);
        saved = true;
      } catch (err) {
        failed.name = serverText((err as Error).message);
      }
    }
    if (emailChanged && parsedEmail.success) {
      try {
        const result = await requestEmailChange(parsedEmail.data.email, queryClient);
        setEmail(null);
        setPendingEmail(result.pendingEmail);
        sentTo = result.pendingEmail;
        saved = true;
      } catch (err) {
        failed.email = serverText((err as Error).message);
      }
    }
    setSaving(false);
    setErrors(failed);
    if (failed.name || failed.email) toast.error(t("profile:save.failed"));
    else if (sentTo) toast.success(t("profile:settings.emailSent", { email: sentTo }), { duration: 8000 });
    else if (saved) toast.success(t("profile:save.saved"));
  }

  return (
    <section className={card}>
      <h3 className="mb-3 font-semibold">{t("profile:settings.title")}</h3>
      <div className="space-y-4">
        <Field label={t("profile:settings.name")} error={errors.name}>
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              aria-invalid={errors.name ? true : undefined}
              autoComplete="name"
              maxLength={60}
              value={shownName}
              onChange={(e) => {
                setName(e.target.value);
                setErrors(({ name: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <div className="space-y-1.5">
          <p className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            {t("profile:settings.displayName")}
          </p>
          <div className="flex min-w-0 items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <Avatar name={shownName.trim() || me.name} className="size-8 shrink-0 text-sm" />
            <span className="min-w-0 truncate text-sm font-medium">{shownName.trim() || me.name}</span>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("profile:settings.displayNameHint")}
          </p>
        </div>
        {me.isGuest ? (
          <div className="space-y-1.5">
            <p className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              {t("common:field.email")}
            </p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("profile:settings.guestEmail")}</p>
          </div>
        ) : (
          <Field
            label={t("common:field.email")}
            error={errors.email}
            hint={
              pendingEmail
                ? t("profile:settings.emailPending", { email: pendingEmail })
                : t("profile:settings.emailHint")
            }
          >
            {(id, d) => (
              <Input
                id={id}
                aria-describedby={d}
                aria-invalid={errors.email ? true : undefined}
                type="email"
                autoComplete="email"
                value={shownEmail}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setErrors(({ email: _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        )}
      </div>
      {dirty ? (
        <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 flex justify-center px-4">
          <Button
            size="lg"
            className="pointer-events-auto rounded-full shadow-lg"
            disabled={saving}
            aria-busy={saving}
            onClick={() => void save()}
          >
            {saving ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Save className="size-4" aria-hidden />
            )}
            {saving ? t("common:status.saving") : t("profile:save.button")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Spec 3 'Notifications': the four toggles, each saved on the server as it is switched. */
function NotificationToggles({ me }: { me: Me }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const rows = [
    { key: "notifyMessages", label: t("profile:notifications.messages") },
    { key: "notifyTripUpdates", label: t("profile:notifications.tripUpdates") },
    { key: "notifyNewMembers", label: t("profile:notifications.newMembers") },
    { key: "notifyReminders", label: t("profile:notifications.reminders") },
  ] as const;
  return (
    <section className={card}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Bell className="size-4 shrink-0 text-brand-600" aria-hidden /> {t("profile:notifications.title")}
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-500 dark:text-slate-400">
        {me.isGuest ? t("profile:notifications.guestHint") : t("profile:notifications.hint")}
      </p>
      {settings.isError ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-red-600 dark:text-red-400">{t("profile:notifications.loadFailed")}</span>
          <Button size="sm" variant="secondary" onClick={() => void settings.refetch()}>
            {t("common:action.retry")}
          </Button>
        </div>
      ) : (
        <ul className="space-y-3">
          {rows.map(({ key, label }) => (
            <li key={key} className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0">{label}</span>
              <Switch
                checked={settings.data?.[key] ?? false}
                label={label}
                disabled={!settings.data}
                onChange={() =>
                  save.mutate(
                    { [key]: !settings.data?.[key] },
                    { onError: (err) => toast.error(serverText((err as Error).message)) },
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
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
