import { FEEDBACK_TYPES, type FeedbackType } from "@tabi/contracts";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Field, Input, inputClass, TextArea } from "../../ui/Field";
import { useMe } from "../auth/session";

type Status = "idle" | "sending" | "success";
const TYPE_LABELS = {
  bug: "server:feedbackType.bug",
  feature: "server:feedbackType.feature",
  general: "server:feedbackType.general",
  compliment: "server:feedbackType.compliment",
} as const satisfies Record<FeedbackType, string>;

export function FeedbackForm() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [type, setType] = useState<FeedbackType>("general");
  const [message, setMessage] = useState("");
  const [email, setEmail] = useState(me?.email ?? "");
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState("");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!message.trim()) return setError(t("server:messages.feedbackMessageRequired"));
    setStatus("sending");
    setError("");
    try {
      await api("/api/feedback", { body: { type, message: message.trim(), email: email.trim() } });
      setStatus("success");
    } catch {
      // The form keeps what was typed, so nothing is lost.
      setError(t("server:messages.feedbackFailed"));
      setStatus("idle");
    }
  }

  if (status === "success") {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <CheckCircle2 className="size-12 text-brand-600" aria-hidden />
        <h3 className="text-lg font-semibold">{t("server:messages.feedbackThanksTitle")}</h3>
        <p className="text-slate-600 dark:text-slate-300">{t("server:messages.feedbackThanksText")}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setMessage("");
            setType("general");
            setStatus("idle");
          }}
        >
          {t("info:feedback.sendAnother")}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label={t("info:feedback.type")}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={type}
            onChange={(e) => setType(e.target.value as FeedbackType)}
          >
            {FEEDBACK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("info:feedback.message")} error={error || undefined}>
        {(id, d) => (
          <TextArea
            id={id}
            aria-describedby={d}
            required
            rows={5}
            maxLength={5000}
            placeholder={t("info:feedback.placeholder")}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </Field>
      <Field label={t("info:feedback.email")} hint={t("info:feedback.emailHint")}>
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
      <Button type="submit" className="w-full" size="lg" disabled={!message.trim() || status === "sending"}>
        {status === "sending" ? t("common:status.sending") : t("info:title.feedback")}
      </Button>
    </form>
  );
}
