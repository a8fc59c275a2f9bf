/**
 * After a form's submit found mistakes: the first field's error is brought into view and its control
 * focused. In a long dialog on a phone the error can sit above the visible part (or under a sticky
 * header), and Save seemed to do nothing. Run once the errors have rendered (a timeout after the
 * submit's state change).
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  const error = form?.querySelector<HTMLElement>('[role="alert"]');
  if (!error) return;
  const field = error.parentElement ?? error;
  const control = field.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
  control?.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center", behavior: "smooth" });
}
