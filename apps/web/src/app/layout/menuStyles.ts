export const menuContent =
  "z-50 min-w-60 max-w-[calc(100vw-1rem)] rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700";
export const menuItem =
  "flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800";
export const menuLabel = "px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400";
