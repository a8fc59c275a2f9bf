import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";

const SHOTS = join(import.meta.dirname, "..", "screenshots");

/** Every screen an e2e test visits is captured (DESIGN.md), named by project and step. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.screenshot({
    path: join(SHOTS, `${testInfo.project.name}-${name}${dark ? "-dark" : ""}.png`),
    fullPage: true,
  });
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;

/** The newest confirmation link in the embedded outbox (what the e-mail would contain). */
export async function confirmationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get("/api/dev/mail", {
          headers: { "x-dev-mail-token": process.env.E2E_DEV_MAIL_TOKEN ?? "" },
        })
      ).json()) as { to: string; text: string }[];
      link = mails.find((m) => m.to === to)?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

export async function signUpAndConfirm(page: Page, email: string, password = "trip planner 2026") {
  await page.goto("/");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(
    page.getByText("Please check your email and click the confirmation link to complete sign up."),
  ).toBeVisible();
  await page.goto(await confirmationLink(page.request, email));
  // The link confirms the address without signing in (decision 0006): sign in with the password.
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
}

/**
 * Waits until the service worker controls the page, as it does from a user's second visit on (the
 * first visit installs it; the next navigation is the first it answers).
 */
export async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
