import { AlertTriangle } from "lucide-react";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";

export function ErrorScreen({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <AlertTriangle className="size-12 text-amber-500" aria-hidden />
      <h2 className="text-xl font-semibold">{t("server:messages.genericErrorTitle")}</h2>
      <p className="text-slate-600 dark:text-slate-300">{t("server:messages.genericErrorText")}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>{t("common:action.tryAgain")}</Button>
        <Button variant="secondary" onClick={() => window.location.assign("/")}>
          {t("shell:goHome")}
        </Button>
      </div>
    </div>
  );
}

/**
 * Catches render errors of a screen and shows the generic error screen instead of a blank page.
 * `resetOn` (the page's path): going to another page tries again, so one screen that failed (its
 * code not fetched offline) does not keep every other page on the error screen.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetOn?: string },
  { error: Error | null }
> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidUpdate(before: { resetOn?: string }) {
    if (this.state.error && before.resetOn !== this.props.resetOn) this.setState({ error: null });
  }
  override render() {
    return this.state.error ? (
      <ErrorScreen onRetry={() => this.setState({ error: null })} />
    ) : (
      this.props.children
    );
  }
}
