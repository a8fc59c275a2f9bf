import {
  CHECKLIST_KINDS,
  type Checklist,
  type ChecklistKind,
  LIST_TITLE_MAX,
  STARTER_KEYS,
  STARTER_LISTS,
  type StarterKey,
} from "@tabi/contracts";
import { ChevronRight, ListChecks, Lock, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { isLanguage } from "../../i18n/languages";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { inputClass } from "../../ui/Field";
import { FullPageSpinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { NoTripSelected } from "../trips/NoTripSelected";
import { useCreateList, useLists } from "./api";
import { ListView } from "./ListView";
import { failure, KIND_ICONS, KIND_LABELS, Progress } from "./parts";

/** /my-trip/lists: the current trip's checklists, shared and personal (issue 30 item 3). */
export default function ListsScreen() {
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  if (!tripId || !me) return <NoTripSelected />;
  return <TripLists tripId={tripId} meId={me.id} />;
}

function TripLists({ tripId, meId }: { tripId: string; meId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const open = params.get("list");
  const trip = useTrip(tripId);
  const lists = useLists(tripId);
  const [adding, setAdding] = useState(false);

  if (trip.isPending || (lists.isPending && !open)) return <FullPageSpinner />;
  if (trip.isError || !trip.data || (!open && (lists.isError || !lists.data)))
    return (
      <EmptyState
        icon={ListChecks}
        title={t("server:messages.genericErrorTitle")}
        text={t("lists:loadFailed")}
      >
        <Button variant="secondary" onClick={() => void Promise.all([trip.refetch(), lists.refetch()])}>
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );
  const detail = trip.data;
  const me = detail.members.find((m) => m.userId === meId);
  const person = me
    ? { userId: me.userId, name: me.name, color: me.color }
    : { userId: meId, name: "", color: "#94a3b8" };
  const show = (listId: string | null) => setParams(listId ? { list: listId } : {});

  if (open)
    return (
      <ListView
        tripId={tripId}
        listId={open}
        members={detail.members}
        me={person}
        onBack={() => show(null)}
      />
    );

  const all = lists.data ?? [];
  const shared = all.filter((l) => !l.personal);
  const personal = all.filter((l) => l.personal);
  const creating = adding || all.length === 0;

  return (
    <div className="space-y-4">
      <header className="rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-[min(100%,14rem)] flex-1">
            <h2 className="truncate text-xl font-bold tracking-tight" data-user-content>
              {detail.trip.name}
            </h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("lists:subtitle")}</p>
          </div>
          {all.length > 0 ? (
            <Button onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
              <Plus className="size-4" aria-hidden />
              {t("lists:newList")}
            </Button>
          ) : null}
        </div>
      </header>

      {all.length === 0 ? (
        <EmptyState icon={ListChecks} title={t("lists:empty.title")} text={t("lists:empty.text")} />
      ) : null}

      {creating ? (
        <NewList
          tripId={tripId}
          onCreated={(id) => {
            setAdding(false);
            show(id);
          }}
        />
      ) : null}

      {shared.length > 0 ? <ListSection title={t("lists:sharedSection")} lists={shared} /> : null}
      {personal.length > 0 ? <ListSection title={t("lists:personalSection")} lists={personal} /> : null}
    </div>
  );
}

function ListSection({ title, lists }: { title: string; lists: Checklist[] }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="px-1 text-sm font-semibold text-slate-500 dark:text-slate-400">{title}</h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {lists.map((list) => (
          <li key={list.id}>
            <ListCard list={list} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ListCard({ list }: { list: Checklist }) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[list.kind];
  return (
    <Link
      to={{ search: `?list=${list.id}` }}
      data-testid="list-card"
      className="flex min-h-16 items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300 dark:bg-slate-900 dark:ring-slate-800 dark:hover:ring-brand-700"
    >
      <span className="rounded-xl bg-brand-50 p-2 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 font-medium">
          <span className="truncate" data-user-content>
            {list.title}
          </span>
          {list.personal ? (
            <Lock className="size-3.5 shrink-0 text-slate-400" aria-label={t("lists:personalBadge")} />
          ) : null}
        </span>
        <span className="mt-1 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span>{t(KIND_LABELS[list.kind])}</span>
          <Progress done={list.done} total={list.total} className="flex-1" />
        </span>
      </span>
      <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
    </Link>
  );
}

/** A new list: a name and a kind, or a copy of a starter list in the user's language. */
function NewList({ tripId, onCreated }: { tripId: string; onCreated(id: string): void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateList(tripId);
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<ChecklistKind>("packing");
  const [personal, setPersonal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const language = isLanguage(i18n.language) ? i18n.language : "en";

  const run = (body: Parameters<typeof create.mutate>[0]) =>
    create.mutate(body, {
      onSuccess: (list) => onCreated(list.id),
      onError: (err) => {
        const message = failure(err, t("lists:saveFailed"));
        setError(message);
        toast.error(message);
      },
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(t("server:lists.titleRequired"));
    setError(null);
    run({ title: title.trim(), kind, personal });
  };
  const copy = (starter: StarterKey) => run({ starter, language, personal });

  return (
    <section
      aria-label={t("lists:newList")}
      className="space-y-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
          <label className="block text-sm font-medium">
            {t("lists:form.title")}
            <input
              className={`${inputClass} mt-1`}
              value={title}
              maxLength={LIST_TITLE_MAX}
              placeholder={t("lists:form.titlePlaceholder")}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <label className="block text-sm font-medium">
            {t("lists:form.kind")}
            <select
              className={`${inputClass} mt-1`}
              value={kind}
              onChange={(e) => setKind(e.target.value as ChecklistKind)}
            >
              {CHECKLIST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(KIND_LABELS[k])}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={personal}
            onChange={(e) => setPersonal(e.target.checked)}
          />
          <span>
            <span className="font-medium">{t("lists:form.personal")}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {t("lists:form.personalHint")}
            </span>
          </span>
        </label>
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          <Plus className="size-4" aria-hidden />
          {t("lists:form.create")}
        </Button>
      </form>

      <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold">{t("lists:templates.title")}</h3>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {STARTER_KEYS.map((key) => {
            const starter = STARTER_LISTS[key];
            const text = starter.text[language];
            const Icon = KIND_ICONS[starter.kind];
            return (
              <li
                key={key}
                className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
              >
                <p className="flex items-center gap-2 font-medium">
                  <Icon className="size-4 text-brand-700 dark:text-brand-100" aria-hidden />
                  {text.title}
                </p>
                <p className="line-clamp-2 text-xs text-slate-500 dark:text-slate-400">
                  {text.items.slice(0, 5).join(t("lists:templates.separator"))}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-auto min-h-10"
                  disabled={create.isPending}
                  onClick={() => copy(key)}
                  aria-label={t("lists:templates.copyNamed", { title: text.title })}
                >
                  {t("lists:templates.copy", { count: text.items.length })}
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
