import type { PlaceResult } from "@tabi/contracts";
import { cn } from "../../lib/cn";
import { localNameLang, localNameOf } from "./localName";

/** The local name beside the English one (small, muted, in its own language), where the data has it. */
export function LocalName({
  result,
  className,
}: {
  result: Pick<PlaceResult, "name" | "localName" | "countryCode">;
  className?: string;
}) {
  const local = localNameOf(result);
  if (!local) return null;
  return (
    <span
      lang={localNameLang(local, result.countryCode)}
      className={cn("font-normal text-slate-500 dark:text-slate-400", className)}
    >
      {local}
    </span>
  );
}
