import { afterEach, expect, it } from "vitest";
import { PgNotifyListener, type TripSignal } from "./pg-notify";

// Scaled mode's signals (typing, presence) between processes, on the listening connection.
const url = process.env.DATABASE_URL;
const listeners: PgNotifyListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

it.skipIf(!url)("sends many signals at once one after another: each heard in order, no warning", async () => {
  const heard: string[] = [];
  const listener = (onSignal: (s: TripSignal) => void) => {
    const l = new PgNotifyListener(
      { connectionString: url },
      () => {},
      onSignal,
      () => {},
    );
    listeners.push(l);
    return l;
  };
  const a = listener(() => {});
  const b = listener((s) => heard.push(s.type === "typing" ? s.userId : ""));
  await Promise.all([a.start(), b.start()]);
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on("warning", onWarning);
  try {
    const users = Array.from({ length: 30 }, (_, i) => `u${i}`);
    await Promise.all(users.map((userId) => a.signal({ type: "typing", tripId: "t1", userId })));
    for (let i = 0; i < 100 && heard.length < users.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual(users);
    // node-postgres warns when a query is sent on a client still running one (pg 9 will refuse it).
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  } finally {
    process.off("warning", onWarning);
  }
});
