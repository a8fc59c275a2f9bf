import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { serverText } from "../../i18n";
import { formatPercent } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { checkImageFile, uploadImage } from "../../lib/upload";
import { Spinner } from "../../ui/Spinner";
import { photoThumb } from "./photos";

interface Pending {
  id: number;
  name: string;
  progress: number;
}

let nextPending = 0;

/** The words of one use of the picker (a place's photos, an expense's receipts), already translated. */
export interface PhotoPickerTexts {
  title: string;
  count: string;
  photo(index: number): string;
  remove(index: number): string;
  /** Only when a thumbnail opens the photo. */
  open?(index: number): string;
  add: string;
  uploading(name: string): string;
  notImage(name: string): string;
  tooLarge(name: string): string;
  uploadFailed(name: string): string;
  limit: string;
  /** Under the tiles while there is no error. */
  hint?: string;
}

/**
 * Photos picked for a form: thumbnails with a remove button and an "add" tile, which uploads the
 * chosen images to the trip at once (each with its progress) and adds their URLs; the form saves the
 * list. A file that is no image or over 10 MB is refused here, before any upload. Leaving the form
 * stops what is still uploading. Used by a place's photos and an expense's receipts.
 */
export function PhotoPicker({
  tripId,
  purpose,
  photos,
  max,
  texts,
  onChange,
  onBusyChange,
  onOpen,
  disabled = false,
  testId,
}: {
  tripId: string;
  purpose: "place" | "receipt";
  photos: string[];
  max: number;
  texts: PhotoPickerTexts;
  /** Given how to change the list (uploads may finish in any order). */
  onChange(update: (photos: string[]) => string[]): void;
  /** True while an upload runs: the form waits for it before saving. */
  onBusyChange?(busy: boolean): void;
  /** A thumbnail was pressed (absent: thumbnails are pictures only). */
  onOpen?(index: number): void;
  disabled?: boolean;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState("");
  const aborts = useRef(new Set<AbortController>());

  useEffect(() => onBusyChange?.(pending.length > 0), [pending.length, onBusyChange]);
  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const a of running) a.abort();
    };
  }, []);

  const free = max - photos.length - pending.length;

  async function add(file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem === "notImage" ? texts.notImage(file.name) : texts.tooLarge(file.name));
      return;
    }
    const id = nextPending++;
    const abort = new AbortController();
    aborts.current.add(abort);
    setPending((p) => [...p, { id, name: file.name, progress: 0 }]);
    try {
      const upload = await uploadImage(tripId, file, {
        purpose,
        signal: abort.signal,
        onProgress: (progress) => setPending((p) => p.map((x) => (x.id === id ? { ...x, progress } : x))),
      });
      onChange((list) => [...list, upload.url].slice(0, max));
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      setError(
        err instanceof ApiError && err.status > 0 ? serverText(err.message) : texts.uploadFailed(file.name),
      );
    } finally {
      aborts.current.delete(abort);
      setPending((p) => p.filter((x) => x.id !== id));
    }
  }

  function choose(files: FileList | null) {
    setError("");
    for (const file of Array.from(files ?? []).slice(0, Math.max(0, free))) void add(file);
    if ((files?.length ?? 0) > free) setError(texts.limit);
    if (input.current) input.current.value = ""; // the same file may be chosen again
  }

  if (disabled && photos.length === 0) return null;
  const tile =
    "relative size-20 shrink-0 overflow-hidden rounded-xl ring-1 ring-slate-200 dark:ring-slate-700";
  return (
    <div className="space-y-1.5" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{texts.title}</p>
        <span className="text-xs text-slate-500 dark:text-slate-400">{texts.count}</span>
      </div>
      <ul className="flex flex-wrap gap-2">
        {photos.map((url, i) => {
          const picture = (
            <img src={photoThumb(url)} alt={texts.photo(i + 1)} className="size-full object-cover" />
          );
          return (
            <li key={url} className={tile}>
              {onOpen && texts.open ? (
                <button
                  type="button"
                  className="size-full"
                  aria-label={texts.open(i + 1)}
                  onClick={() => onOpen(i)}
                >
                  {picture}
                </button>
              ) : (
                picture
              )}
              {disabled ? null : (
                <button
                  type="button"
                  aria-label={texts.remove(i + 1)}
                  onClick={() => onChange((list) => list.filter((u) => u !== url))}
                  className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              )}
            </li>
          );
        })}
        {pending.map((p) => (
          <li
            key={p.id}
            className={`${tile} flex flex-col items-center justify-center gap-1 bg-slate-50 dark:bg-slate-800`}
          >
            <Spinner label={texts.uploading(p.name)} />
            <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">
              {formatPercent(p.progress)}
            </span>
          </li>
        ))}
        {disabled || free <= 0 ? null : (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className={`${tile} flex flex-col items-center justify-center gap-1 border-2 border-dashed border-slate-300 px-1 text-center text-xs font-medium text-slate-600 ring-0 hover:border-brand-500 hover:text-brand-700 dark:border-slate-600 dark:text-slate-300 dark:hover:text-brand-100`}
            >
              <ImagePlus className="size-5" aria-hidden />
              {texts.add}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(e) => choose(e.target.files)}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : texts.hint ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{texts.hint}</p>
      ) : null}
    </div>
  );
}
