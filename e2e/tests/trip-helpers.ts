import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  request,
} from "@playwright/test";

const ordinal = (n: number) => {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
};

/** Clicks a day in the open react-day-picker, moving to later months as needed. */
export async function pickDay(page: Page, date: Date) {
  const month = date.toLocaleString("en-US", { month: "long" });
  const label = new RegExp(`${month} ${ordinal(date.getDate())}, ${date.getFullYear()}`);
  const dialog = page.locator(".tabi-daypicker");
  for (let i = 0; i < 24 && (await dialog.getByRole("button", { name: label }).count()) === 0; i++) {
    await dialog.getByRole("button", { name: /next month/i }).click();
  }
  await dialog.getByRole("button", { name: label }).click();
}

export const inDays = (n: number) => {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + n);
  return d;
};
export const isoInDays = (n: number) => {
  const d = inDays(n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/**
 * A guest in a fresh browser context (its own cookies), signed in through the welcome card; `options`
 * for the context beyond its viewport (a time zone, a locale).
 */
export async function guestPage(
  browser: Browser,
  name: string,
  viewport = { width: 1280, height: 800 },
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, viewport });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  return page;
}

/** A guest that only talks to the API (for filling a trip quickly). */
export async function guestApi(baseURL: string, name: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await ctx.post("/api/auth/sign-in/anonymous", { data: { name } });
  expect(res.ok()).toBeTruthy();
  return ctx;
}

/** A trip of `days` days (two by default) in Kyoto, leaving from Kyoto Station in `inDays` days: its id. */
export async function createKyotoTripApi(req: APIRequestContext, name: string, inDays: number, days = 2) {
  const res = await req.post("/api/trips", {
    data: {
      name,
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
      destination: "Kyoto",
      destinationLatitude: 35.0116,
      destinationLongitude: 135.7681,
      startDate: isoInDays(inDays),
      endDate: isoInDays(inDays + days - 1),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).trip.id as string;
}

export async function createTripApi(
  req: APIRequestContext,
  name: string,
  fields: Record<string, unknown> = {},
) {
  const res = await req.post("/api/trips", {
    data: {
      name,
      departureLocation: "Lisbon, Portugal",
      departureLatitude: 38.7223,
      departureLongitude: -9.1393,
      startDate: isoInDays(20),
      endDate: isoInDays(23),
      ...fields,
    },
  });
  return res;
}

/** Starts an optimisation through the API and waits for the saved plan, which it returns. */
export async function optimiseAndWait(req: APIRequestContext, tripId: string) {
  expect((await req.post(`/api/trips/${tripId}/optimizations`, { data: {} })).ok()).toBeTruthy();
  let result: { days: { visits: { placeId: string }[] }[] } | null = null;
  await expect
    .poll(
      async () => {
        result = (await (await req.get(`/api/trips/${tripId}/optimizations/active`)).json()).result;
        return result;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return result!;
}

/** On the trip's screen: opens the optimise dialog and runs it with the dialog's settings as they are. */
export async function optimiseInDialog(page: Page) {
  await page.getByRole("button", { name: "Optimize" }).click();
  await page
    .getByRole("dialog", { name: "Route Optimization" })
    .getByRole("button", { name: "Optimize" })
    .click();
}

/**
 * The trip map made interactive as a user does it: on a phone it is a picture of the plan until tapped
 * (decisions/0026), on a desktop it starts by itself. Returns once the map has drawn the plan.
 */
export async function interactiveMap(page: Page) {
  const show = page.getByRole("button", { name: "Show interactive map" });
  const loading = page.getByText("Loading map...");
  await expect(show.or(loading).or(page.locator(".tabi-marker")).first()).toBeVisible({ timeout: 20_000 });
  if (await show.isVisible()) await show.click();
  await expect(loading).toBeHidden({ timeout: 20_000 });
}
