import {
  SHARE_MAX_USES_LIMIT,
  SHARE_PASSWORD_MIN,
  type ShareLink,
  type SharePermissions,
  type ShareUpdateInput,
} from "@tabi/contracts";
import { Crown, Eye, EyeOff } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatDateTime } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input, inputClass } from "../../ui/Field";
import { useDialogs } from "../info/dialogs";
import { useUpdateShareLink } from "./api";

type Expiry = "keep" | "none" | "1" | "7" | "30" | "date";
const DAY = 86_400_000;

/** "2026-06-20" for a Date, in the viewer's calendar (what a date input holds). */
const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** The expiry to send: undefined keeps it, null removes it; a chosen date lasts to its end. */
function expiryFor(choice: Expiry, date: string, now = new Date()): string | null | undefined {
  if (choice === "keep") return undefined;
  if (choice === "none") return null;
  if (choice === "date") {
    const [y, m, d] = date.split("-").map(Number);
    if (!y || !m || !d) return undefined;
    return new Date(y, m - 1, d, 23, 59, 59).toISOString();
  }
  return new Date(now.getTime() + Number(choice) * DAY).toISOString();
}

const LINK_FLAGS = [
  ["canViewPlaces", "share:settings.viewPlaces"],
  ["canJoinAsMember", "share:settings.joinAsMember"],
  ["canExport", "share:settings.export"],
] as const;
const JOINER_FLAGS = [
  ["canAddPlaces", "share:settings.addPlaces"],
  ["canEditPlaces", "share:settings.editPlaces"],
  ["canOptimize", "share:settings.optimize"],
] as const;

/** A link's permissions, expiry, maximum uses and password (Premium); Save sends them (PATCH). */
export function ShareSettingsDialog({
  tripId,
  link,
  isPremium,
  open,
  onOpenChange,
}: {
  tripId: string;
  link: ShareLink;
  isPremium: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const { open: openDialog } = useDialogs();
  const update = useUpdateShareLink(tripId);
  const collaborative = link.shareType === "external_collaborate";
  const [perms, setPerms] = useState<SharePermissions>(link.permissions);
  const [expiry, setExpiry] = useState<Expiry>(link.expiresAt ? "keep" : "none");
  const [date, setDate] = useState(localDate(new Date(Date.now() + 7 * DAY)));
  const [maxUses, setMaxUses] = useState(link.maxUses == null ? "" : String(link.maxUses));
  const [protect, setProtect] = useState(link.hasPassword);
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<{ maxUses?: string; password?: string; date?: string; form?: string }>(
    {},
  );

  // Setting a password is Premium; a free user may still remove one set before.
  const passwordAllowed = isPremium || link.hasPassword;
  const uses = maxUses.trim() === "" ? null : Number(maxUses);

  function validate() {
    const next: typeof errors = {};
    if (uses != null && (!Number.isInteger(uses) || uses < 1 || uses > SHARE_MAX_USES_LIMIT))
      next.maxUses = t("share:settings.maxUsesInvalid", { max: SHARE_MAX_USES_LIMIT });
    if (protect && (password || !link.hasPassword) && password.length < SHARE_PASSWORD_MIN)
      next.password = t("server:sharing.passwordTooShort");
    if (expiry === "date" && (!date || date < localDate(new Date())))
      next.date = t("share:settings.datePast");
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!validate()) return;
    const body: ShareUpdateInput = {
      permissions: collaborative ? perms : { ...perms, canJoinAsMember: false },
      maxUses: uses,
    };
    const expiresAt = expiryFor(expiry, date);
    if (expiresAt !== undefined) body.expiresAt = expiresAt;
    if (!protect && link.hasPassword) body.password = null;
    else if (protect && password) body.password = password;
    try {
      await update.mutateAsync({ shareId: link.id, ...body });
      toast.success(t("share:settings.saved"));
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === "PREMIUM_REQUIRED") openDialog("premium");
      setErrors({ form: (err as Error).message });
    }
  }

  const check = (key: keyof SharePermissions, label: string, disabled = false) => (
    <label key={key} className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        checked={perms[key]}
        disabled={disabled}
        onChange={(e) => setPerms({ ...perms, [key]: e.target.checked })}
      />
      <span className={disabled ? "text-slate-400" : undefined}>{label}</span>
    </label>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("share:settings.title")}
      description={t("share:settings.description")}
    >
      <form onSubmit={save} className="space-y-5" noValidate>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
            {t("share:settings.permissions")}
          </legend>
          {LINK_FLAGS.filter(([key]) => collaborative || key !== "canJoinAsMember").map(([key, label]) =>
            check(key, t(label)),
          )}
          {collaborative ? (
            <fieldset className="mt-3 space-y-2 rounded-2xl bg-slate-50 p-3 dark:bg-slate-800/60">
              <legend className="sr-only">{t("share:settings.joiners")}</legend>
              <p aria-hidden className="text-xs font-medium text-slate-600 dark:text-slate-300">
                {t("share:settings.joiners")}
              </p>
              {JOINER_FLAGS.map(([key, label]) => check(key, t(label), !perms.canJoinAsMember))}
            </fieldset>
          ) : null}
        </fieldset>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t("share:settings.expiry")}>
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value as Expiry)}
              >
                {link.expiresAt ? (
                  <option value="keep">
                    {t("share:settings.expiryKeep", { date: formatDateTime(link.expiresAt) })}
                  </option>
                ) : null}
                <option value="none">{t("share:settings.expiryNone")}</option>
                <option value="1">{t("share:settings.expiry1")}</option>
                <option value="7">{t("share:settings.expiry7")}</option>
                <option value="30">{t("share:settings.expiry30")}</option>
                <option value="date">{t("share:settings.expiryDate")}</option>
              </select>
            )}
          </Field>
          {expiry === "date" ? (
            <Field label={t("share:settings.expiryDateLabel")} error={errors.date}>
              {(id, d) => (
                <Input
                  id={id}
                  aria-describedby={d}
                  type="date"
                  min={localDate(new Date())}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field
            label={t("share:settings.maxUses")}
            error={errors.maxUses}
            hint={t("share:settings.maxUsesHint", { count: link.currentUses })}
          >
            {(id, d) => (
              <Input
                id={id}
                aria-describedby={d}
                type="number"
                inputMode="numeric"
                min={1}
                max={SHARE_MAX_USES_LIMIT}
                placeholder={t("share:settings.unlimited")}
                value={maxUses}
                onChange={(e) => setMaxUses(e.target.value)}
              />
            )}
          </Field>
        </div>

        <div className="space-y-2">
          {passwordAllowed ? (
            <>
              <label className="flex items-start gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                  checked={protect}
                  disabled={!isPremium && !protect}
                  onChange={(e) => setProtect(e.target.checked)}
                />
                <span>
                  {t("share:settings.password")}
                  <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                    {t("share:settings.passwordHint")}
                  </span>
                </span>
              </label>
              {protect && isPremium ? (
                <Field
                  label={
                    link.hasPassword ? t("share:settings.passwordChange") : t("share:settings.passwordNew")
                  }
                  error={errors.password}
                  hint={link.hasPassword ? t("share:settings.passwordKeep") : undefined}
                >
                  {(id, d) => (
                    <div className="relative">
                      <Input
                        id={id}
                        aria-describedby={d}
                        type={showPassword ? "text" : "password"}
                        autoComplete="new-password"
                        maxLength={128}
                        value={password}
                        onChange={(e) => setPassword(e.target.value)}
                        className="pr-11"
                      />
                      <button
                        type="button"
                        onClick={() => setShowPassword((s) => !s)}
                        aria-label={
                          showPassword ? t("share:settings.passwordHide") : t("share:settings.passwordShow")
                        }
                        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800 dark:hover:text-slate-200"
                      >
                        {showPassword ? (
                          <EyeOff className="size-4" aria-hidden />
                        ) : (
                          <Eye className="size-4" aria-hidden />
                        )}
                      </button>
                    </div>
                  )}
                </Field>
              ) : null}
            </>
          ) : (
            <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 p-3 dark:bg-amber-900/20">
              <Crown className="size-5 shrink-0 text-amber-500" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">{t("share:settings.password")}</p>
                <p className="text-xs text-amber-900/80 dark:text-amber-100/80">
                  {t("share:settings.passwordHint")}
                </p>
              </div>
              <Button variant="premium" size="sm" onClick={() => openDialog("premium")}>
                <Crown className="size-4" aria-hidden /> {t("billing:premium")}
              </Button>
            </div>
          )}
        </div>

        <FormError message={errors.form} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("common:action.cancel")}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t("common:status.saving") : t("common:action.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
