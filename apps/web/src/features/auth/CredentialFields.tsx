import { PASSWORD_MIN } from "@tabi/contracts";
import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Field, FormError, Input } from "../../ui/Field";

export type CredentialMode = "signin" | "signup";

export interface Credentials {
  email: string;
  password: string;
  confirm: string;
}

/** What is wrong with the typed credentials before they are sent (spec 1 s.5), or null. */
/** Something@domain.tld: what every mail system accepts, without second-guessing the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function credentialsError(
  mode: CredentialMode,
  { email, password, confirm }: Credentials,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  if (!email.trim() || !password) return t("auth:error.required");
  // The form has noValidate (its own messages): without this, "bob@" met the server's raw validator text.
  if (!EMAIL.test(email.trim())) return t("auth:error.email");
  if (mode === "signup") {
    if (password !== confirm) return t("server:messages.passwordsDoNotMatch");
    if (password.length < PASSWORD_MIN) return t("auth:error.passwordMin", { min: PASSWORD_MIN });
  }
  return null;
}

/**
 * E-mail, password and (signing up) its confirmation, with the form's error and the check-your-mail
 * notice: the sign-in screen and the shared trip's join dialog show the same fields.
 */
export function CredentialFields({
  mode,
  value,
  onChange,
  error,
  notice,
}: {
  mode: CredentialMode;
  value: Credentials;
  onChange(next: Credentials): void;
  error: string;
  notice: string;
}) {
  const { t } = useTranslation();
  const set = (field: keyof Credentials) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [field]: e.target.value });
  return (
    <>
      <Field label={t("common:field.email")}>
        {(id) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={value.email}
            onChange={set("email")}
            required
          />
        )}
      </Field>
      <Field
        label={t("common:field.password")}
        hint={mode === "signup" ? t("common:field.passwordHint", { min: PASSWORD_MIN }) : undefined}
      >
        {(id, d) => (
          <Input
            id={id}
            type="password"
            aria-describedby={d}
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            value={value.password}
            onChange={set("password")}
            required
          />
        )}
      </Field>
      {mode === "signup" ? (
        <Field label={t("auth:signIn.confirmPassword")}>
          {(id) => (
            <Input
              id={id}
              type="password"
              autoComplete="new-password"
              value={value.confirm}
              onChange={set("confirm")}
              required
            />
          )}
        </Field>
      ) : null}
      <FormError message={error} />
      {notice ? (
        <p
          role="status"
          className="flex gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100"
        >
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
          {notice}
        </p>
      ) : null}
    </>
  );
}
