import { useMemo } from "react";
import { cn } from "../../lib/cn";
import { linkify } from "./linkify";

/** Links open in a new tab that cannot reach back into this page. */
// i18n-exempt: link attributes, never shown
export const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

/** A message's text as typed: whitespace kept, links clickable, never read as HTML. */
export function MessageText({ text, mine }: { text: string; mine: boolean }) {
  const segments = useMemo(() => linkify(text), [text]);
  return (
    <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]" data-user-content>
      {segments.map((s, i) =>
        s.href ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text never move
            key={i}
            href={s.href}
            {...NEW_TAB}
            className={cn(
              "underline underline-offset-2",
              mine ? "text-white" : "text-brand-700 dark:text-brand-100",
            )}
          >
            {s.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text never move
          <span key={i}>{s.text}</span>
        ),
      )}
    </p>
  );
}
