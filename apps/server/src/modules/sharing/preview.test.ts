import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withInlineConfig } from "../../http/web";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, futureDate, registered } from "../../test/fixtures";
import { escapeHtml, formatTripDates, injectPreview, type PreviewMeta, previewMeta } from "./preview";

// The web app's index.html as the build writes it (the parts the preview touches).
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Plan one trip together: everyone's wishes, one fair itinerary." />
    <meta name="apple-mobile-web-app-title" content="Tabi" />
    <title>Tabi</title>
    <script src="/theme.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const META: PreviewMeta = {
  title: `Kyoto <script>alert("x")</script> & 'tea'`,
  description: "3 places · Apr 3 – 9, 2026",
  url: "https://tabi.example/shared/abc",
  image: "https://tabi.example/api/shared/abc/card.png?lng=en",
  imageAlt: "Kyoto",
  siteName: "Tabi",
  locale: "en_US",
};

/** The content of a meta tag (by name or property), unescaped. */
function metaContent(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(
    html,
  );
  return tag?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("injectPreview (pure)", () => {
  it("puts the Open Graph and Twitter meta and one matching title in <head>, every value escaped", () => {
    const html = injectPreview(INDEX, META);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<meta property="og:type" content="website" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    for (const key of ["og:title", "twitter:title"]) expect(metaContent(head, key)).toBe(META.title);
    expect(metaContent(head, "og:image:alt")).toBe(META.imageAlt);
    for (const key of ["description", "og:description", "twitter:description"])
      expect(metaContent(head, key)).toBe(META.description);
    expect(metaContent(head, "og:url")).toBe(META.url);
    expect(metaContent(head, "og:image")).toBe(META.image);
    expect(metaContent(head, "twitter:image")).toBe(META.image);
    expect(metaContent(head, "og:site_name")).toBe("Tabi");
    // The index's own title and description are replaced, not doubled; the rest of the page stays.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain("everyone's wishes");
    expect(html).toContain('<meta name="apple-mobile-web-app-title" content="Tabi" />');
    expect(html).toContain('<script src="/theme.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    // Nothing of the name reaches the page unescaped.
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("Kyoto &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;tea&#39;");
  });

  it("works on a page without <head> too", () => {
    const html = injectPreview("<!doctype html><title>Shell</title><div id=root></div>", META);
    expect(html.startsWith("<!doctype html><title>")).toBe(true);
    expect(titleOf(html)).toBe(escapeHtml(META.title));
    expect(html).toContain("<div id=root></div>");
  });

  it("says a trip's place count and dates in the reader's language, and only 'Shared trip' otherwise", () => {
    const trip = {
      kind: "trip" as const,
      name: "京都の春",
      startDate: "2026-04-03",
      endDate: "2026-04-09",
      placeCount: 8,
      points: [],
    };
    const ja = previewMeta(trip, "ja", "https://tabi.example", "tok");
    expect(ja).toMatchObject({ title: "京都の春", locale: "ja_JP", url: "https://tabi.example/shared/tok" });
    expect(ja.description).toBe(`8か所 · ${formatTripDates("2026-04-03", "2026-04-09", "ja")}`);
    expect(ja.image).toBe("https://tabi.example/api/shared/tok/card.png?lng=ja");
    expect(previewMeta({ ...trip, endDate: null }, "en", "https://tabi.example", "tok").description).toBe(
      "8 places · Apr 3, 2026",
    );
    for (const preview of [null, { kind: "protected" as const }])
      expect(previewMeta(preview, "en", "https://tabi.example", "tok")).toMatchObject({
        title: "Shared trip",
        description: "A trip planned together on Tabi",
      });
  });
});

describe("GET /shared/:token and its card", () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), "tabi-preview-dist-"));
  const NAME = `Kyoto "in" <spring> & tea`;
  const ORIGIN = "http://localhost:3000"; // createTestApp's PUBLIC_URL
  const START = futureDate(40);
  const END = futureDate(44);
  let plain: string;
  let hidden: string;
  let locked: string;

  beforeAll(async () => {
    writeFileSync(join(dist, "index.html"), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
    const owner = await registered(t.app, "preview-owner@example.com", { premium: true });
    const trip = await createTrip(owner, { name: NAME, startDate: START, endDate: END });
    for (const [name, latitude, longitude] of [
      ["Kinkaku-ji", 35.0394, 135.7292],
      ["Fushimi Inari", 34.9671, 135.7727],
      ["Kiyomizu-dera", 34.9949, 135.785],
    ] as const) {
      const res = await owner.post(`/api/trips/${trip.id}/places`, { name, latitude, longitude });
      expect(res.statusCode, res.body).toBe(201);
    }
    const share = async (body: Record<string, unknown>) => {
      const res = await owner.post(`/api/trips/${trip.id}/shares`, { shareType: "external_view", ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().token as string;
    };
    plain = await share({});
    hidden = await share({ permissions: { canViewPlaces: false } });
    locked = await share({ password: "secret-pass" });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/shared/${token}`, headers });
  const UNKNOWN = "A".repeat(43);

  it("shows an open link's trip: name, place count and dates, and the card's absolute URL", async () => {
    const res = await page(plain);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(metaContent(res.body, "og:title")).toBe(NAME);
    expect(metaContent(res.body, "twitter:title")).toBe(NAME);
    expect(titleOf(res.body)).toBe(escapeHtml(NAME));
    expect(res.body).not.toContain("<spring>");
    const description = `3 places · ${formatTripDates(START, END, "en")}`;
    expect(metaContent(res.body, "og:description")).toBe(description);
    expect(metaContent(res.body, "og:url")).toBe(`${ORIGIN}/shared/${plain}`);
    const image = `${ORIGIN}/api/shared/${plain}/card.png?lng=en`;
    expect(metaContent(res.body, "og:image")).toBe(image);
    expect(metaContent(res.body, "twitter:image")).toBe(image);
    expect(metaContent(res.body, "og:site_name")).toBe("Tabi");
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("speaks the Accept-Language of the request", async () => {
    const res = await page(plain, { "accept-language": "ja-JP,ja;q=0.9,en;q=0.8" });
    expect(metaContent(res.body, "og:description")).toBe(`3か所 · ${formatTripDates(START, END, "ja")}`);
    expect(metaContent(res.body, "og:locale")).toBe("ja_JP");
    expect(metaContent(res.body, "og:image")).toContain("card.png?lng=ja");
    const locked = await page(UNKNOWN, { "accept-language": "ko" });
    expect(metaContent(locked.body, "og:title")).toBe("공유된 여행");
  });

  it("reveals nothing of a password-protected trip: the same page as an unknown link", async () => {
    const res = await page(locked);
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, "og:title")).toBe("Shared trip");
    expect(titleOf(res.body)).toBe("Shared trip");
    expect(metaContent(res.body, "og:description")).toBe("A trip planned together on Tabi");
    for (const secret of [
      NAME,
      escapeHtml(NAME),
      "Kyoto",
      "places ·",
      START,
      END,
      formatTripDates(START, END, "en"),
    ])
      expect(res.body).not.toContain(secret);
    const unknown = await page(UNKNOWN);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body.replaceAll(UNKNOWN, "TOKEN")).toBe(res.body.replaceAll(locked, "TOKEN"));
  });

  it("answers an unknown, malformed or revoked link with the generic page (the app shows Trip Not Found)", async () => {
    for (const token of [UNKNOWN, "nope", "%3Cb%3E", "x".repeat(300)]) {
      const res = await page(token);
      expect(res.statusCode, token).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(metaContent(res.body, "og:title"), token).toBe("Shared trip");
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain("<b>");
    }
    const head = await t.app.inject({ method: "HEAD", url: `/shared/${plain}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("text/html");
  });

  it("leaves every other page path to the app's own index.html (with the client config inlined)", async () => {
    const config = (await t.app.inject({ method: "GET", url: "/api/config" })).json();
    for (const path of ["/", "/my-trip/share", "/shared", "/shared/", `/shared/${plain}/more`]) {
      const res = await t.app.inject({ method: "GET", url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe(withInlineConfig(INDEX, config));
    }
    expect((await t.app.inject({ method: "GET", url: "/api/nowhere" })).json().error.code).toBe("NOT_FOUND");
  });

  const card = (token: string, query = "") =>
    t.app.inject({ method: "GET", url: `/api/shared/${token}/card.png${query}` });

  it("draws a 1200x630 PNG card for every kind of link, the same one for protected and unknown links", async () => {
    const results = await Promise.all([
      card(plain),
      card(hidden),
      card(locked),
      card(UNKNOWN),
      card(plain, "?lng=ja"),
    ]);
    for (const res of results) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["cache-control"]).toBe("public, max-age=600");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
    const [open, noPlaces, protectedCard, unknownCard, japanese] = results.map((r) => r!.rawPayload);
    expect(protectedCard!.equals(unknownCard!)).toBe(true);
    expect(open!.equals(protectedCard!)).toBe(false);
    expect(open!.equals(noPlaces!)).toBe(false);
    expect(open!.equals(japanese!)).toBe(false);
  });
});
