import { useCallback, useSyncExternalStore } from "react";

// The theme lives on <html class="dark">, set before paint by the inline script of index.html and
// remembered here.
const listeners = new Set<() => void>();
const isDark = () => document.documentElement.classList.contains("dark");

export function setTheme(dark: boolean) {
  document.documentElement.classList.toggle("dark", dark);
  try {
    localStorage.setItem("theme", dark ? "dark" : "light");
  } catch {
    // private mode: the choice lasts for this page only
  }
  for (const l of listeners) l();
}

export function useTheme() {
  const dark = useSyncExternalStore((cb) => {
    listeners.add(cb);
    return () => listeners.delete(cb);
  }, isDark);
  const toggle = useCallback(() => setTheme(!isDark()), []);
  return { dark, toggle };
}
