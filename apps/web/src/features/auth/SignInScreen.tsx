import { PRODUCT_NAME } from "@tabi/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useClientConfig } from "../../lib/config";
import { Button } from "../../ui/Button";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { CALLBACK_PATH, signInEmail, signInGoogle, signUpEmail } from "./api";
import { authErrorMessage, dropRedirectedAuthError, redirectedAuthError } from "./authErrors";
import { CredentialFields, credentialsError } from "./CredentialFields";
import { GoogleIcon } from "./GoogleIcon";
import { callbackWithShare, pendingShare } from "./pendingShare";
import { sessionExpired } from "./session";
import { WelcomeCard } from "./WelcomeCard";

type Mode = "signup" | "signin";

export function SignInScreen() {
  const { t } = useTranslation();
  // A visitor who signed up to join a shared trip comes back to sign in (the confirmation link does
  // not sign in, decision 0006); the sign-in then continues to /shared/{token} (AuthCallback).
  const [mode, setMode] = useState<Mode>(() => (pendingShare() ? "signin" : "signup"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(
    () =>
      redirectedAuthError(window.location.search) ||
      (sessionExpired() ? t("server:messages.sessionExpired") : ""),
  );
  const [notice, setNotice] = useState("");
  const [guestOpen, setGuestOpen] = useState(false);
  const config = useClientConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Shown once (state above): drop ?error= so a reload or a shared address does not repeat it.
  useEffect(dropRedirectedAuthError, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    setNotice("");
    const invalid = credentialsError(mode, { email, password, confirm }, t);
    if (invalid) return setError(invalid);
    setBusy(true);
    // A shared trip waiting to be joined rides on the confirmation link's callback.
    const callback = callbackWithShare(CALLBACK_PATH, pendingShare());
    try {
      if (mode === "signup") {
        await signUpEmail(email.trim(), password, callback);
        setNotice(t("server:messages.signUpSuccess"));
        setPassword("");
        setConfirm("");
      } else {
        await signInEmail(email.trim(), password, callback);
        await queryClient.invalidateQueries();
        // The callback goes on to a pending shared trip (/shared/{token}) or home.
        navigate(CALLBACK_PATH, { replace: true });
      }
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function google() {
    setError("");
    if (!config?.googleSignIn) return setError(t("server:messages.googleNotConfigured"));
    try {
      await signInGoogle(callbackWithShare(CALLBACK_PATH, pendingShare()));
    } catch (err) {
      setError(authErrorMessage(err, "google"));
    }
  }

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-md flex-col justify-center px-4 py-8">
      <div className="rounded-3xl bg-white/90 p-6 shadow-xl ring-1 ring-slate-200 backdrop-blur dark:bg-slate-900/90 dark:ring-slate-800 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">
          {t("auth:signIn.title", { product: PRODUCT_NAME })}
        </h1>
        <p className="mt-1 text-slate-500 dark:text-slate-400">{t("auth:signIn.subtitle")}</p>

        <Button variant="secondary" size="lg" className="mt-6 w-full" onClick={google}>
          <GoogleIcon />
          {t("auth:signIn.google")}
        </Button>
        <div className="my-5 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          <span className="max-w-[70%] text-center">{t("auth:signIn.orEmail")}</span>
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>

        <SegmentedTabs
          label={t("auth:signIn.modeLabel")}
          className="mb-4"
          value={mode}
          options={[
            { value: "signin", label: t("auth:signIn.signIn") },
            { value: "signup", label: t("auth:signIn.signUp") },
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
                ? t("auth:signIn.signIn")
                : t("auth:signIn.signUp")}
          </Button>
        </form>

        <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
          {t("auth:signIn.lookingAround")}{" "}
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
            onClick={() => setGuestOpen(true)}
          >
            {t("auth:signIn.continueAsGuest")}
          </button>
        </p>
      </div>
      <WelcomeCard open={guestOpen} onOpenChange={setGuestOpen} />
    </div>
  );
}
