import { MESSAGES } from "@tabi/contracts";
import { AlertTriangle } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "../ui/Button";

export function ErrorScreen({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <AlertTriangle className="size-12 text-amber-500" aria-hidden />
      <h2 className="text-xl font-semibold">{MESSAGES.genericErrorTitle}</h2>
      <p className="text-slate-600 dark:text-slate-300">{MESSAGES.genericErrorText}</p>
      <div className="mt-2 flex gap-2">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="secondary" onClick={() => window.location.assign("/")}>
          Go Home
        </Button>
      </div>
    </div>
  );
}

/** Catches render errors of a screen and shows the generic error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? (
      <ErrorScreen onRetry={() => this.setState({ error: null })} />
    ) : (
      this.props.children
    );
  }
}
