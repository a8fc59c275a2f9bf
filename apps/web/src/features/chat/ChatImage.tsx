import type { Upload } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/Dialog";
import { NEW_TAB } from "./MessageText";

/** A photo in a message: its thumbnail at its own proportions (no jump when it loads); a tap opens it. */
export function ChatImage({ image }: { image: Upload }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const width = Math.min(260, image.width || 260);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t("chat:message.openPhoto")}
        className="mb-1 block max-w-full overflow-hidden rounded-xl bg-slate-200 dark:bg-slate-700"
        style={{ width, aspectRatio: `${image.width || 4} / ${image.height || 3}` }}
      >
        <img
          src={image.thumbUrl}
          alt={t("chat:message.photo")}
          loading="lazy"
          className="size-full object-cover"
        />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t("chat:message.photo")} className="sm:max-w-4xl">
        <a href={image.url} {...NEW_TAB}>
          <img
            src={image.url}
            alt={t("chat:message.photo")}
            className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-xl object-contain"
          />
        </a>
      </Dialog>
    </>
  );
}
