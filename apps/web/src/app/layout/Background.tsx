/**
 * The shell's animated background: two soft colour fields drifting slowly (still when reduced motion).
 * Each field is a radial gradient (index.css), not a blurred disc: a blur filter is drawn again on
 * every frame of the drift, and delayed every paint by 100-170 ms in software rendering (issue 28).
 */
export function Background() {
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="animate-drift glow-brand absolute -top-1/4 -left-1/4 size-[70vmax]" />
      <div className="animate-drift glow-accent absolute -right-1/4 -bottom-1/3 size-[60vmax] [animation-delay:-9s]" />
    </div>
  );
}
