import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../../lib/config";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { CALLBACK_PATH, signInEmail, signInGoogle, signUpEmail } from "../auth/api";
import { authErrorMessage } from "../auth/authErrors";
import { CredentialFields, credentialsError } from "../auth/CredentialFields";
import { GoogleIcon } from "../auth/GoogleIcon";
import { callbackWithShare, forgetPendingShare, rememberPendingShare } from "../auth/pendingShare";

export type JoinMode = "signup" | "signin";

/**
 * The join dialog over the blurred preview (spec 3): Join "{trip name}", the invitation text, a
 * sign-up / sign-in form that toggles (spec 3 s.4) and Google. Signing up or Google keeps the token in
 * localStorage.pendingShareToken and on the callback URL; signing in here joins at once (the page
 * becomes signed in and joins by itself).
 */
export function JoinDialog({
  token,
  tripName,
  placeCount,
  open,
  onOpenChange,
  initialMode = "signup",
}: {
  token: string;
  tripName: string;
  placeCount: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  initialMode?: JoinMode;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<JoinMode>(initialMode);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const config = useClientConfig();
  const queryClient = useQueryClient();
  const callback = callbackWithShare(CALLBACK_PATH, token);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError("");
    setNotice("");
    const invalid = credentialsError(mode, { email, password, confirm }, t);
    if (invalid) return setError(invalid);
    setBusy(true);
    // Kept until the visitor is signed in here (the confirmation link and sign-in come back to it).
    rememberPendingShare(token);
    try {
      if (mode === "signup") {
        await signUpEmail(email.trim(), password, callback);
        setNotice(t("server:messages.signUpSuccess"));
        setPassword("");
        setConfirm("");
        setBusy(false);
      } else {
        await signInEmail(email.trim(), password, callback);
        forgetPendingShare();
        // The page reads the session again, becomes signed in and joins (SharedTripPage).
        await queryClient.invalidateQueries();
      }
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  }

  async function google() {
    setError("");
    setNotice("");
    if (!config?.googleSignIn) return setError(t("server:messages.googleNotConfigured"));
    rememberPendingShare(token);
    try {
      await signInGoogle(callback);
    } catch (err) {
      setError(authErrorMessage(err, "google"));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("sharing:join.title", { name: tripName })}
      description={t("sharing:join.text", { count: placeCount })}
    >
      <div className="space-y-4">
        <Button variant="secondary" size="lg" className="w-full" onClick={google}>
          <GoogleIcon />
          {t("auth:signIn.google")}
        </Button>
        <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          <span className="max-w-[70%] text-center">{t("auth:signIn.orEmail")}</span>
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>
        <SegmentedTabs
          label={t("auth:signIn.modeLabel")}
          value={mode}
          options={[
            { value: "signup", label: t("auth:signIn.signUp") },
            { value: "signin", label: t("auth:signIn.signIn") },
          ]}
          onChange={(m) => {
            setMode(m);
            setError("");
            setNotice("");
          }}
        />
        <form onSubmit={submit} noValidate className="space-y-4">
          <CredentialFields
            mode={mode}
            value={{ email, password, confirm }}
            onChange={(c) => {
              setEmail(c.email);
              setPassword(c.password);
              setConfirm(c.confirm);
            }}
            error={error}
            notice={notice}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy
              ? t("common:status.processing")
              : mode === "signin"
                ? t("sharing:join.signIn")
                : t("sharing:join.signUp")}
          </Button>
        </form>
      </div>
    </Dialog>
  );
}
