import { expect, it } from "vitest";
import { createTestApp } from "../test/app";

const imgSrc = (csp: string) =>
  csp
    .split(";")
    .find((d) => d.trim().startsWith("img-src"))
    ?.trim()
    .split(/\s+/)
    .slice(1);

it("lets images load only from us, the tile host and, when configured, Google's photo hosts", async () => {
  const t = await createTestApp({ TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png" });
  try {
    const csp = String(
      (await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(imgSrc(csp)).toEqual(["'self'", "data:", "blob:", "https://*.tiles.example.org"]);
  } finally {
    await t.close();
  }
  const g = await createTestApp({ PLACES_PROVIDER: "google", GOOGLE_PLACES_API_KEY: "test-key" });
  try {
    const csp = String(
      (await g.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(imgSrc(csp)).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://tile.openstreetmap.org",
      "https://maps.googleapis.com",
      "https://*.googleusercontent.com",
    ]);
  } finally {
    await g.close();
  }
});
