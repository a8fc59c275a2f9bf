import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, what).toEqual([]);
}

test("the shell's screens and dialogs pass axe (WCAG 2 A/AA), light and dark", async ({ page }) => {
  for (const theme of ["light", "dark"]) {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in to Tabi" })).toBeVisible();
    await expectNoViolations(page, `sign-in ${theme}`);
  }
  await signUpAndConfirm(page, uniqueEmail("axe"));
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/");
    await expect(page.getByText("0/3 trips")).toBeVisible();
    await expectNoViolations(page, `home ${theme}`);
    await page.getByRole("button", { name: "Tabi menu" }).click();
    await page.getByRole("menuitem", { name: "Send Feedback" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, `feedback ${theme}`);
    await page.keyboard.press("Escape");
    await page.goto("/profile");
    await expect(page.getByText("Display Settings")).toBeVisible();
    await expectNoViolations(page, `profile ${theme}`);
  }
});

test.describe("a chunk missing from the server", () => {
  // Without the service worker: it precaches every chunk, so for its users a deploy never takes a chunk
  // away; a browser without it (first visit, private mode) is the one that meets this.
  test.use({ serviceWorkers: "block" });

  test("a screen that fails to load shows the generic error screen", async ({ page }, testInfo) => {
    await signUpAndConfirm(page, uniqueEmail("broken"));
    // A deploy that removed the old chunk: the lazy profile screen cannot load.
    await page.route(/ProfileScreen-.*\.js$/, (route) => route.abort());
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Profile Settings" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(
      page.getByText("An unexpected error occurred. Don't worry, we can try to fix this."),
    ).toBeVisible();
    await shot(page, testInfo, "error-screen");
    await page.getByRole("button", { name: "Go Home" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  });
});
