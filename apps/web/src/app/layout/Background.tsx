/** The shell's animated background: two soft colour fields drifting slowly (still when reduced motion). */
export function Background() {
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="animate-drift absolute -top-1/4 -left-1/4 size-[70vmax] rounded-full bg-brand-500/10 blur-3xl dark:bg-brand-500/10" />
      <div className="animate-drift absolute -right-1/4 -bottom-1/3 size-[60vmax] rounded-full bg-amber-400/10 blur-3xl [animation-delay:-9s] dark:bg-indigo-500/10" />
    </div>
  );
}
