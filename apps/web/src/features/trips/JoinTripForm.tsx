import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Field, Input } from "../../ui/Field";
import { useJoinTrip } from "./api";
import { setCurrentTripId } from "./currentTrip";

/** Join Trip (spec 1 'Dialogs'): the code is forced to uppercase, hyphens optional. */
export function JoinTripForm({ blocked, onDone }: { blocked: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState(blocked ? t("server:trips.tripLimitJoin") : "");
  const join = useJoinTrip();
  const navigate = useNavigate();
  const clean = code.replace(/-/g, "").trim();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!clean || join.isPending) return;
    setError("");
    try {
      const { trip } = await join.mutateAsync(clean);
      toast.success(t("trips:join.success", { name: trip.name }));
      setCode("");
      setCurrentTripId(trip.id);
      onDone();
      setTimeout(() => navigate("/my-trip"), 100);
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : t("server:trips.joinFailed"));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label={t("trips:join.code")} hint={t("trips:join.hint")} error={error || undefined}>
        {(id, d) => (
          <Input
            id={id}
            aria-describedby={d}
            autoFocus
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={11}
            className="font-mono text-lg tracking-widest uppercase"
            // i18n-exempt: the code's shape, the same in every language
            placeholder="ABCD-EFGH"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={!clean || join.isPending}>
        {join.isPending ? t("trips:join.joining") : t("trips:join.submit")}
      </Button>
    </form>
  );
}
