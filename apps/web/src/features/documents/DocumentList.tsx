import type { TripDocument } from "@tabi/contracts";
import { FileImage, FileText, Lock, LockOpen, MoreVertical, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { menuContent, menuItem } from "../../app/layout/menuStyles";
import { formatDate, formatNumber } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { Field, Input } from "../../ui/Field";
import { NEW_TAB } from "../bookings/FormParts";
import { useDeleteDocument, useUpdateDocument } from "./api";

/** A failed write's message: the server's own (already in the user's language) or a generic one. */
export const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;

/** 2.4 MB, 310 KB: in the user's language's digits and unit words. */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? formatNumber(mb, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 })
    : formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: "unit", unit: "kilobyte" });
}

const isPdf = (d: TripDocument) => d.contentType === "application/pdf";

/**
 * Documents as rows: an icon by type, the title (opens the file in a new tab), size, who added it and
 * when, a private badge; the uploader's or an admin's actions in a menu. Shared by the Documents
 * screen and the bookings' cards.
 */
export function DocumentList({
  tripId,
  documents,
  meId,
  bookingName,
  compact = false,
}: {
  tripId: string;
  documents: TripDocument[];
  meId: string | undefined;
  /** The booking a document is attached to, named (the Documents screen only). */
  bookingName?: (bookingId: string) => string | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation(["documents"]);
  return (
    <ul className={compact ? "space-y-1" : "space-y-2"} aria-label={t("documents:title")}>
      {documents.map((d) => (
        <DocumentRow
          key={d.id}
          tripId={tripId}
          doc={d}
          mine={d.userId === meId}
          booking={d.bookingId ? bookingName?.(d.bookingId) : undefined}
          compact={compact}
        />
      ))}
    </ul>
  );
}

function DocumentRow({
  tripId,
  doc,
  mine,
  booking,
  compact,
}: {
  tripId: string;
  doc: TripDocument;
  mine: boolean;
  booking: string | undefined;
  compact: boolean;
}) {
  const { t } = useTranslation(["documents"]);
  const update = useUpdateDocument(tripId);
  const del = useDeleteDocument(tripId);
  const [renaming, setRenaming] = useState(false);
  const [asking, setAsking] = useState(false);
  const Icon = isPdf(doc) ? FileText : FileImage;
  const who = mine ? t("documents:addedByYou") : (doc.userName ?? t("documents:deletedUser"));

  function toggleShared() {
    const shared = !doc.shared;
    update
      .mutateAsync({ id: doc.id, shared })
      .then(() =>
        toast.success(t(shared ? "documents:madeShared" : "documents:madePrivate", { title: doc.title })),
      )
      .catch((err) => toast.error(failure(err, t("documents:changeFailed"))));
  }
  function remove() {
    del
      .mutateAsync(doc.id)
      .then(() => toast.success(t("documents:deleted")))
      .catch((err) => toast.error(failure(err, t("documents:changeFailed"))));
    setAsking(false);
  }

  return (
    <li
      className={
        compact
          ? "flex items-center gap-2 rounded-xl bg-slate-50 px-2 py-1.5 dark:bg-slate-900/60"
          : "flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800/60"
      }
      data-testid="document-row"
    >
      <span
        className={`shrink-0 rounded-xl ${compact ? "p-1.5" : "p-2"} ${
          isPdf(doc)
            ? "bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300"
            : "bg-sky-50 text-sky-700 dark:bg-sky-950/50 dark:text-sky-300"
        }`}
        title={t(isPdf(doc) ? "documents:kind.pdf" : "documents:kind.image")}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <a
          href={doc.url}
          {...NEW_TAB}
          aria-label={t("documents:open", { title: doc.title })}
          className="block truncate text-sm font-medium text-slate-900 hover:underline dark:text-slate-100"
          data-user-content
        >
          {doc.title}
        </a>
        <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
          {doc.shared ? null : (
            <span className="inline-flex items-center gap-0.5 rounded-full bg-amber-100 px-1.5 py-px font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
              <Lock className="size-3" aria-hidden />
              {t("documents:private")}
            </span>
          )}
          <span className="tabular-nums">{formatSize(doc.size)}</span>
          {compact ? null : (
            <>
              <span aria-hidden>·</span>
              <span data-user-content>{who}</span>
              <span aria-hidden>·</span>
              <span>{formatDate(doc.createdAt)}</span>
            </>
          )}
          {booking ? (
            <>
              <span aria-hidden>·</span>
              <span className="truncate" data-user-content>
                {t("documents:onBooking", { booking })}
              </span>
            </>
          ) : null}
        </p>
      </div>
      {doc.canEdit || doc.canShare ? (
        <M.Root>
          <M.Trigger asChild>
            <Button
              variant="ghost"
              size="sm"
              className="shrink-0 px-2"
              aria-label={t("documents:actions", { title: doc.title })}
              title={t("documents:actions", { title: doc.title })}
              disabled={update.isPending || del.isPending}
            >
              <MoreVertical className="size-4" aria-hidden />
            </Button>
          </M.Trigger>
          <M.Portal>
            <M.Content className={menuContent} align="end" sideOffset={4}>
              {doc.canShare ? (
                <M.Item className={menuItem} onSelect={toggleShared}>
                  {doc.shared ? (
                    <Lock className="size-4 shrink-0 text-slate-400" aria-hidden />
                  ) : (
                    <LockOpen className="size-4 shrink-0 text-slate-400" aria-hidden />
                  )}
                  {t(doc.shared ? "documents:makePrivate" : "documents:makeShared")}
                </M.Item>
              ) : null}
              {doc.canEdit ? (
                <>
                  <M.Item className={menuItem} onSelect={() => setRenaming(true)}>
                    <Pencil className="size-4 shrink-0 text-slate-400" aria-hidden />
                    {t("documents:rename")}
                  </M.Item>
                  <M.Item
                    className={`${menuItem} text-red-600 dark:text-red-400`}
                    onSelect={() => setAsking(true)}
                  >
                    <Trash2 className="size-4 shrink-0" aria-hidden />
                    {t("documents:delete")}
                  </M.Item>
                </>
              ) : null}
            </M.Content>
          </M.Portal>
        </M.Root>
      ) : null}
      {renaming ? <RenameDialog tripId={tripId} doc={doc} onClose={() => setRenaming(false)} /> : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("documents:confirmDelete")}
        text={t("documents:confirmDeleteText", { title: doc.title })}
        confirmLabel={t("documents:delete")}
        onConfirm={remove}
      />
    </li>
  );
}

function RenameDialog({ tripId, doc, onClose }: { tripId: string; doc: TripDocument; onClose(): void }) {
  const { t } = useTranslation(["documents"]);
  const update = useUpdateDocument(tripId);
  const [title, setTitle] = useState(doc.title);
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    update
      .mutateAsync({ id: doc.id, title })
      .then(onClose)
      .catch((err) => setError(failure(err, t("documents:changeFailed"))));
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("documents:renameTitle")}>
      <form onSubmit={submit} className="space-y-4">
        <Field label={t("documents:name")} error={error ?? undefined}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
              autoFocus
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("documents:cancel")}
          </Button>
          <Button type="submit" disabled={update.isPending || !title.trim()}>
            {t("documents:save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
