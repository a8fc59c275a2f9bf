import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError, Input } from "../../ui/Field";
import { signInGuest } from "./api";
import { authErrorMessage } from "./authErrors";

/** 'What should we call you?': starts as a real server-side guest with that display name. */
export function WelcomeCard({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const queryClient = useQueryClient();
  const trimmed = name.trim();

  async function start(e?: React.FormEvent) {
    e?.preventDefault();
    if (!trimmed || busy) return;
    setBusy(true);
    setError("");
    try {
      await signInGuest(trimmed);
      await queryClient.invalidateQueries();
      onOpenChange(false);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="What should we call you?"
      description="Your friends will see this name on the trip."
    >
      <form onSubmit={start} className="space-y-4">
        <Input
          aria-label="Your name"
          autoFocus
          maxLength={60}
          placeholder="Your name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <FormError message={error} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" size="lg" className="flex-1" disabled={!trimmed || busy}>
            {busy ? "Processing..." : "Get Started"}
          </Button>
          <Button variant="ghost" size="lg" onClick={() => onOpenChange(false)}>
            Skip for now
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
