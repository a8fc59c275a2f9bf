import type { ShareLink, ShareType } from "@tabi/contracts";
import {
  CalendarClock,
  Check,
  Copy,
  Eye,
  Link2,
  Link2Off,
  Loader2,
  Lock,
  RefreshCw,
  Settings2,
  Share,
  Trash2,
  UserPlus,
  Users,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatDateTime } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import {
  isUsable,
  shareUrl,
  useCreateShareLink,
  useCurrentShareLink,
  useRevokeShareLink,
  useShareLinks,
} from "./api";
import { ShareCard } from "./ShareCard";
import { ShareSettingsDialog } from "./ShareSettingsDialog";

const COPIED_MS = 2000; // spec 3 s.9: the copied label's timeout

/** "Copied!" for 2 s after a copy (spec 3 'Share screen'). */
function useCopied(): [boolean, (text: string, field?: HTMLInputElement | null) => Promise<void>] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(text: string, field?: HTMLInputElement | null) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (plain http, permissions): select the address so it can be copied by hand.
      field?.focus();
      field?.select();
      try {
        document.execCommand("copy");
      } catch {
        // nothing more to try: the selected address stays
      }
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }
  return [copied, copy];
}

/** The system share sheet, where the browser has one (phones, some desktops). */
const canShareNatively = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

const TYPE_LABEL = {
  external_view: "share:link.view",
  external_collaborate: "share:link.collaborate",
} as const satisfies Record<ShareType, string>;

/** The share link card: its type, the address with Copy and Share, its settings, revoking. */
export function ShareLinkCard({
  tripId,
  tripName,
  type,
  onTypeChange,
  isPremium,
}: {
  tripId: string;
  tripName: string;
  type: ShareType;
  onTypeChange(type: ShareType): void;
  isPremium: boolean;
}) {
  const { t } = useTranslation();
  const current = useCurrentShareLink(tripId, type);
  const create = useCreateShareLink(tripId);
  const revoke = useRevokeShareLink(tripId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const link = current.data;

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking);
      toast.success(t("share:link.revokedToast"));
      setRevoking(null);
    } catch (err) {
      toast.error((err as Error).message);
    }
  }

  return (
    <ShareCard icon={Link2} title={t("share:link.title")}>
      <SegmentedTabs
        label={t("share:link.type")}
        value={type}
        onChange={onTypeChange}
        options={[
          {
            value: "external_view",
            label: (
              <>
                <Eye className="size-4 shrink-0" aria-hidden /> {t("share:link.view")}
              </>
            ),
          },
          {
            value: "external_collaborate",
            label: (
              <>
                <UserPlus className="size-4 shrink-0" aria-hidden /> {t("share:link.collaborate")}
              </>
            ),
          },
        ]}
      />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {type === "external_view" ? t("share:link.viewHint") : t("share:link.collaborateHint")}
      </p>

      <div className="mt-4">
        {current.isPending || create.isPending ? (
          <p
            role="status"
            className="flex h-12 items-center gap-2 rounded-2xl bg-slate-50 px-4 text-sm text-slate-500 dark:bg-slate-800/60 dark:text-slate-400"
          >
            <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden />{" "}
            {t("share:link.generating")}
          </p>
        ) : current.isError ? (
          <div className="rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
            <p className="flex items-center gap-2 text-sm font-medium">
              <Link2Off className="size-4 shrink-0 text-slate-500" aria-hidden /> {t("share:link.none")}
            </p>
            <p className="mt-1 text-xs text-red-600 dark:text-red-400">{current.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => current.refetch()}>
              <RefreshCw className="size-4" aria-hidden /> {t("common:action.retry")}
            </Button>
          </div>
        ) : !link ? (
          <div className="rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
            <p className="flex items-center gap-2 text-sm font-medium">
              <Link2Off className="size-4 shrink-0 text-slate-500" aria-hidden /> {t("share:link.revoked")}
            </p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("share:link.revokedText")}</p>
            <Button
              size="sm"
              className="mt-3"
              onClick={() =>
                create.mutateAsync({ shareType: type }).catch((err) => toast.error((err as Error).message))
              }
            >
              <Link2 className="size-4" aria-hidden /> {t("share:link.newLink")}
            </Button>
          </div>
        ) : (
          <LinkAddress link={link} tripName={tripName} />
        )}
      </div>

      {link ? (
        <>
          <LinkFacts link={link} className="mt-3" />
          <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
            <Button variant="secondary" size="sm" onClick={() => setSettingsOpen(true)}>
              <Settings2 className="size-4" aria-hidden /> {t("share:link.settings")}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
              onClick={() => setRevoking(link)}
            >
              <Trash2 className="size-4" aria-hidden /> {t("share:link.revoke")}
            </Button>
          </div>
          {settingsOpen ? (
            <ShareSettingsDialog
              tripId={tripId}
              link={link}
              isPremium={isPremium}
              open={settingsOpen}
              onOpenChange={setSettingsOpen}
            />
          ) : null}
        </>
      ) : null}

      <OtherLinks tripId={tripId} shownId={link?.id} onRevoke={setRevoking} />

      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t("share:link.revokeTitle")}
        text={t("share:link.revokeText")}
        confirmLabel={t("share:link.revokeConfirm")}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </ShareCard>
  );
}

/** The address, Copy ("Copied!" for 2 s) and, where the browser has one, the system share sheet. */
function LinkAddress({ link, tripName }: { link: ShareLink; tripName: string }) {
  const { t } = useTranslation();
  const [copied, copy] = useCopied();
  const field = useRef<HTMLInputElement>(null);
  const url = shareUrl(link);

  async function share() {
    try {
      await navigator.share({ title: tripName, url });
    } catch {
      // closed without sharing, or refused: nothing to say
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <input
        ref={field}
        readOnly
        value={url}
        aria-label={t("share:link.address")}
        onFocus={(e) => e.currentTarget.select()}
        className="h-11 w-full min-w-0 rounded-xl border border-slate-200 bg-slate-50 px-3 font-mono text-base sm:flex-1 sm:text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100"
      />
      <div className="flex gap-2">
        <Button className="h-11 flex-1 sm:flex-none" onClick={() => copy(url, field.current)}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          <span aria-live="polite">{copied ? t("share:link.copied") : t("share:link.copy")}</span>
        </Button>
        {canShareNatively() ? (
          <Button variant="secondary" className="h-11 flex-1 sm:flex-none" onClick={share}>
            <Share className="size-4" aria-hidden /> {t("share:link.share")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Uses, expiry and the lock of a link, as small chips. */
function LinkFacts({ link, className }: { link: ShareLink; className?: string }) {
  const { t } = useTranslation();
  const expired = link.expiresAt != null && Date.parse(link.expiresAt) <= Date.now();
  const usedUp = link.maxUses != null && link.currentUses >= link.maxUses;
  const chip =
    "inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200";
  const warn = "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100";
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)}>
      <li className={cn(chip, usedUp && warn)}>
        <Users className="size-3.5" aria-hidden />
        {link.maxUses == null
          ? t("share:link.uses", { count: link.currentUses })
          : t("share:link.usesOf", { current: link.currentUses, max: link.maxUses })}
      </li>
      <li className={cn(chip, expired && warn)}>
        <CalendarClock className="size-3.5" aria-hidden />
        {link.expiresAt == null
          ? t("share:link.neverExpires")
          : expired
            ? t("share:link.expired")
            : t("share:link.expires", { date: formatDateTime(link.expiresAt) })}
      </li>
      {link.hasPassword ? (
        <li className={chip}>
          <Lock className="size-3.5" aria-hidden /> {t("share:link.protected")}
        </li>
      ) : null}
    </ul>
  );
}

/** Other active links of the trip (older ones, the other type), each to copy or revoke. */
function OtherLinks({
  tripId,
  shownId,
  onRevoke,
}: {
  tripId: string;
  shownId: string | undefined;
  onRevoke(link: ShareLink): void;
}) {
  const { t } = useTranslation();
  const list = useShareLinks(tripId);
  const others = (list.data ?? []).filter((l) => l.id !== shownId);
  if (others.length === 0) return null;
  return (
    <details className="group mt-4 rounded-2xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
      <summary className="cursor-pointer text-sm font-medium select-none">
        {t("share:link.others", { count: others.length })}
      </summary>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        {others.map((l) => (
          <OtherLink key={l.id} link={l} onRevoke={() => onRevoke(l)} />
        ))}
      </ul>
    </details>
  );
}

function OtherLink({ link, onRevoke }: { link: ShareLink; onRevoke(): void }) {
  const { t } = useTranslation();
  const [copied, copy] = useCopied();
  return (
    <li className="flex flex-wrap items-center gap-2 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-sm font-medium">
          {link.shareType === "external_view" ? (
            <Eye className="size-3.5 shrink-0" aria-hidden />
          ) : (
            <UserPlus className="size-3.5 shrink-0" aria-hidden />
          )}
          {t(TYPE_LABEL[link.shareType])}
          {!isUsable(link) ? (
            <span className="rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
              {t("share:link.inactive")}
            </span>
          ) : null}
        </p>
        <LinkFacts link={link} className="mt-1" />
      </div>
      <Button variant="ghost" size="sm" onClick={() => copy(shareUrl(link))}>
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        <span aria-live="polite">{copied ? t("share:link.copied") : t("share:link.copy")}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t("share:link.revokeOne", { type: t(TYPE_LABEL[link.shareType]) })}
        className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
        onClick={onRevoke}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}
