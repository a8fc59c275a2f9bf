import {
  type Place,
  POLL_MAX_OPTIONS,
  POLL_OPTION_MAX,
  POLL_QUESTION_MAX,
  type Poll,
  type PollOptionInput,
  pollCreateSchema,
} from "@tabi/contracts";
import { MapPin, Plus, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input } from "../../ui/Field";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { LocalName } from "../place-search/LocalName";
import { PlaceSearchBox } from "../place-search/PlaceSearchBox";
import { tripPoints } from "../place-search/trip-points";
import { usePlaces } from "../places/api";
import { useTrip } from "../trips/api";
import { useCreatePoll } from "./api";
import { failureText } from "./PollCard";

type Kind = "text" | "places";
/** A place option as the dialog lists it: the option sent, and the words shown. */
type PlaceChoice = { option: PollOptionInput; key: string; label: string; sub: string | null };
type Errors = { question?: string; options?: string; closesAt?: string; form?: string };

const checkbox = "mt-0.5 size-4 shrink-0 accent-brand-700";

/**
 * "New poll": a question, 2-10 options (text, or places: the trip's and place search results), one or
 * several choices, anonymous or not, an optional closing time. Checked with the contracts' schema and
 * its words before sending; the server checks again.
 */
export function NewPollDialog({
  tripId,
  onClose,
  onCreated,
}: {
  tripId: string;
  onClose(): void;
  /** The poll was made (the chat then posts its card). */
  onCreated?(poll: Poll): void;
}) {
  const { t } = useTranslation();
  const create = useCreatePoll(tripId);
  const trip = useTrip(tripId).data?.trip;
  const tripPlaces = usePlaces(tripId).data?.places;
  const sorted = useMemo(
    () => [...(tripPlaces ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [tripPlaces],
  );
  const points = useMemo(() => (trip ? tripPoints(trip, sorted) : []), [trip, sorted]);
  const [question, setQuestion] = useState("");
  const [kind, setKind] = useState<Kind>("text");
  const [texts, setTexts] = useState(["", ""]);
  const [chosen, setChosen] = useState<PlaceChoice[]>([]);
  const [multiple, setMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [closesAt, setClosesAt] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const full = (kind === "text" ? texts.length : chosen.length) >= POLL_MAX_OPTIONS;
  const clearOptionsError = () => setErrors(({ options: _, ...rest }) => rest);
  const remaining = sorted.filter((p) => !chosen.some((c) => c.key === `place:${p.id}`));
  const placeKey = (p: Place) => `place:${p.id}`;
  const addPlace = (p: Place) => {
    clearOptionsError();
    setChosen((list) =>
      list.some((c) => c.key === placeKey(p)) || list.length >= POLL_MAX_OPTIONS
        ? list
        : [
            ...list,
            { option: { kind: "place", placeId: p.id }, key: placeKey(p), label: p.name, sub: p.address },
          ],
    );
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const options: PollOptionInput[] =
      kind === "text" ? texts.map((label) => ({ kind: "text", label })) : chosen.map((c) => c.option);
    const closes = closesAt ? new Date(closesAt) : null;
    const input = {
      question,
      options,
      multiple,
      anonymous,
      closesAt: closes && !Number.isNaN(closes.getTime()) ? closes.toISOString() : closesAt ? "x" : null,
    };
    const parsed = pollCreateSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === "question" || issue.path[0] === "closesAt" ? issue.path[0] : "options";
        next[field] ??= serverText(issue.message);
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      const poll = await create.mutateAsync(input);
      onCreated?.(poll);
      onClose();
    } catch (err) {
      setErrors({ form: failureText(err, t("polls:errors.createFailed")) });
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("polls:new.title")}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field label={t("polls:new.question")} error={errors.question}>
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              aria-invalid={Boolean(errors.question)}
              value={question}
              maxLength={POLL_QUESTION_MAX}
              placeholder={t("polls:new.questionPlaceholder")}
              onChange={(e) => {
                setQuestion(e.target.value);
                setErrors(({ question: _, ...rest }) => rest);
              }}
              autoFocus
            />
          )}
        </Field>

        <SegmentedTabs
          label={t("polls:new.kind")}
          value={kind}
          onChange={(k) => {
            setKind(k);
            setErrors({});
          }}
          options={[
            { value: "text", label: t("polls:new.kindText") },
            { value: "places", label: t("polls:new.kindPlaces") },
          ]}
        />

        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
            {t("polls:new.options", { max: POLL_MAX_OPTIONS })}
          </legend>
          {kind === "text" ? (
            <>
              {texts.map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, by position
                <div key={i} className="flex items-center gap-2">
                  <Input
                    value={value}
                    maxLength={POLL_OPTION_MAX}
                    aria-label={t("polls:new.optionLabel", { n: i + 1 })}
                    placeholder={t("polls:new.optionLabel", { n: i + 1 })}
                    onChange={(e) => {
                      clearOptionsError();
                      setTexts(texts.map((x, j) => (j === i ? e.target.value : x)));
                    }}
                  />
                  {texts.length > 2 ? (
                    <RemoveButton
                      label={t("polls:new.removeOption", { n: i + 1 })}
                      onClick={() => setTexts(texts.filter((_, j) => j !== i))}
                    />
                  ) : null}
                </div>
              ))}
              <Button variant="ghost" size="sm" disabled={full} onClick={() => setTexts([...texts, ""])}>
                <Plus className="size-4" aria-hidden />
                {t("polls:new.addOption")}
              </Button>
            </>
          ) : (
            <>
              {chosen.length === 0 ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">{t("polls:new.noPlacesYet")}</p>
              ) : (
                <ol className="space-y-1.5" data-testid="poll-place-options">
                  {chosen.map((c, i) => (
                    <li
                      key={c.key}
                      className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
                    >
                      <MapPin className="size-4 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden />
                      <span className="min-w-0 flex-1" data-user-content>
                        <span className="block truncate text-sm font-medium">{c.label}</span>
                        {c.sub ? (
                          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                            {c.sub}
                          </span>
                        ) : null}
                      </span>
                      <RemoveButton
                        label={t("polls:new.removeOption", { n: i + 1 })}
                        onClick={() => setChosen(chosen.filter((x) => x.key !== c.key))}
                      />
                    </li>
                  ))}
                </ol>
              )}
              {full ? null : (
                <div className="space-y-2 pt-1">
                  <PlaceSearchBox
                    value={null}
                    allowFreeText={false}
                    trip={points}
                    placeholder={t("polls:new.searchPlaceholder")}
                    onChange={(picked) => {
                      const r = picked?.result;
                      if (!r) return;
                      // A result the trip already has is that place.
                      const own = sorted.find((p) => p.providerPlaceId === r.id);
                      if (own) return addPlace(own);
                      clearOptionsError();
                      setChosen((list) =>
                        list.some((c) => c.key === `result:${r.id}`) || list.length >= POLL_MAX_OPTIONS
                          ? list
                          : [
                              ...list,
                              {
                                option: { kind: "searchResult", result: r },
                                key: `result:${r.id}`,
                                label: r.name,
                                sub: r.address,
                              },
                            ],
                      );
                    }}
                  />
                  {remaining.length > 0 ? (
                    <div>
                      <p className="mb-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                        {t("polls:new.tripPlaces")}
                      </p>
                      <div className="flex max-h-36 flex-wrap gap-1.5 overflow-y-auto">
                        {remaining.map((p) => (
                          <button
                            key={p.id}
                            type="button"
                            onClick={() => addPlace(p)}
                            className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
                          >
                            <Plus className="size-3.5 shrink-0" aria-hidden />
                            <span className="truncate" data-user-content>
                              {p.name}
                            </span>
                            <LocalName result={p} className="truncate text-xs" />
                          </button>
                        ))}
                      </div>
                    </div>
                  ) : null}
                </div>
              )}
            </>
          )}
          {errors.options ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errors.options}
            </p>
          ) : null}
        </fieldset>

        <div className="space-y-2">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className={checkbox}
              checked={multiple}
              onChange={(e) => setMultiple(e.target.checked)}
            />
            <span>
              {t("polls:new.multiple")}
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {t("polls:new.multipleHint")}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className={checkbox}
              checked={anonymous}
              onChange={(e) => setAnonymous(e.target.checked)}
            />
            <span>
              {t("polls:new.anonymous")}
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {t("polls:new.anonymousHint")}
              </span>
            </span>
          </label>
        </div>

        <Field label={t("polls:new.closesAt")} hint={t("polls:new.closesAtHint")} error={errors.closesAt}>
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              aria-invalid={Boolean(errors.closesAt)}
              type="datetime-local"
              value={closesAt}
              onChange={(e) => {
                setClosesAt(e.target.value);
                setErrors(({ closesAt: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>

        <FormError message={errors.form} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t("common:action.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("polls:new.creating") : t("polls:new.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="shrink-0 rounded-full p-1.5 text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
    >
      <X className="size-4" aria-hidden />
    </button>
  );
}
