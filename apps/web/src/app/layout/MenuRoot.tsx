import { DropdownMenu as M } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { createPortal } from "react-dom";

/**
 * A header menu's root, with a backdrop under the open menu and over the page: a tap outside the menu
 * lands on it, closes the menu and does nothing else (spec 1: menus close on an outside click or
 * touch). Without it, on a touch screen the tap that closed the menu was also a click on what lay
 * beneath (a trip card opened its trip): Radix closes a menu on a touch's click, after the click has
 * reached the page.
 */
export function MenuRoot({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // The backdrop outlives the menu a moment: a tap's click comes after the menu has closed, and must
  // still land on it.
  const [backdrop, setBackdrop] = useState(false);
  useEffect(() => {
    if (open) return setBackdrop(true);
    const timer = setTimeout(() => setBackdrop(false), 400);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <M.Root open={open} onOpenChange={setOpen}>
      {children}
      {backdrop
        ? createPortal(
            <div aria-hidden data-menu-backdrop className="pointer-events-auto fixed inset-0 z-40" />,
            document.body,
          )
        : null}
    </M.Root>
  );
}
