import { crossRate, type RateQuote, type RatesProvider } from "./types";

/** The ECB's euro foreign exchange reference rates: keyless, about 30 currencies, each working day. */
export const ECB_DAILY_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
const FRESH_MS = 6 * 3600_000;
/** After a failure, the source is left alone this long (no request per expense while offline). */
const RETRY_MS = 5 * 60_000;

export interface EcbOptions {
  url?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  onFailed?: (err: Error) => void;
}

/** Parses the daily file: `<Cube time='2026-11-26'>` and `<Cube currency='USD' rate='1.0512'/>`. */
export function parseEcbDaily(xml: string): { date: string; perEuro: Record<string, number> } | undefined {
  const date = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  const perEuro: Record<string, number> = {};
  for (const m of xml.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]/g)) {
    const rate = Number(m[2]);
    if (rate > 0) perEuro[m[1]!] = rate;
  }
  return date && Object.keys(perEuro).length ? { date, perEuro } : undefined;
}

export class EcbRates implements RatesProvider {
  readonly kind = "ecb";
  private latest?: { date: string; perEuro: Record<string, number>; at: number };
  private failedAt = 0;
  private inFlight?: Promise<void>;

  constructor(private readonly options: EcbOptions = {}) {}

  async quote(from: string, to: string): Promise<RateQuote | undefined> {
    await this.refresh();
    const latest = this.latest;
    if (!latest) return undefined;
    const rate = crossRate(latest.perEuro, from, to);
    return rate ? { from, to, rate, date: latest.date, source: "reference" } : undefined;
  }

  private refresh(): Promise<void> {
    const now = Date.now();
    if (this.latest && now - this.latest.at < FRESH_MS) return Promise.resolve();
    if (now - this.failedAt < RETRY_MS) return Promise.resolve();
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async load(): Promise<void> {
    const { url = ECB_DAILY_URL, fetch = globalThis.fetch, timeoutMs = 5000 } = this.options;
    try {
      const res = await fetch(url, {
        headers: { accept: "application/xml, text/xml" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`the ECB answered ${res.status}`);
      const parsed = parseEcbDaily(await res.text());
      if (!parsed) throw new Error("the ECB's answer holds no rates");
      this.latest = { ...parsed, at: Date.now() };
    } catch (err) {
      this.failedAt = Date.now();
      this.options.onFailed?.(err instanceof Error ? err : new Error(String(err)));
    }
  }
}
