import { PRODUCT_NAME } from "@tabi/contracts";
import type { Language } from "../../i18n";
import { INTL_LOCALE } from "./preview";

// The link-preview image (Open Graph, 1200x630): an SVG in the app's brand look, rendered to PNG by
// sharp. No map tiles: the places are drawn from their coordinates, so it works offline.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export type CardContent =
  /** An open link: the trip's name, "12 places · Dec 10 – 14, 2026", and its places ([lng, lat]). */
  | { kind: "trip"; name: string; line: string; footer: string; points: [number, number][] }
  /** Anything else (protected, revoked, unknown): the app's card, the same for all of them. */
  | { kind: "generic"; title: string; line: string };

// apps/web/src/index.css and public/favicon.svg
const BRAND = {
  50: "#f0fdfa",
  100: "#ccfbf1",
  500: "#14b8a6",
  600: "#0d9488",
  700: "#0f766e",
  800: "#115e59",
  900: "#134e4a",
  sun: "#fbbf24",
};

/**
 * Noto Sans CJK first: one font for every script of a name, whose Latin the widths below are measured
 * on; each language's own Han glyph forms (as index.css), chosen by the text's kana or Hangul first.
 */
function fontFamily(sample: string, lng: Language): string {
  const cjk = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(sample)
    ? "JP"
    : /\p{Script=Hangul}/u.test(sample)
      ? "KR"
      : lng === "zh"
        ? "SC"
        : lng === "ko"
          ? "KR"
          : "JP";
  return `Noto Sans CJK ${cjk}, Noto Sans ${cjk}, Noto Sans, DejaVu Sans, sans-serif`;
}

/** Characters XML 1.0 refuses (librsvg would not draw the card) and lone surrogates. */
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
export const escapeXml = (value: string) =>
  value.replace(INVALID_XML, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

// ---- text layout --------------------------------------------------------------------------------

const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

/**
 * A grapheme's advance in em: the bold Latin of Noto Sans CJK (measured) and some 8% to spare, so a
 * line that fits here fits as well in a wider fallback (DejaVu Sans is some 12% wider) next to the
 * panel; CJK characters are one em in every CJK font.
 */
function advance(g: string): number {
  if (WIDE.test(g)) return 1;
  if (EMOJI.test(g)) return 1.25;
  if (/\s/.test(g)) return 0.3;
  if (/[ijlfrtI.,:;'!|()[\]`/-]/.test(g)) return 0.44;
  if (/[mwMW@%]/.test(g)) return 1.02;
  if (/[A-Z]/.test(g)) return 0.8;
  if (/[0-9]/.test(g)) return 0.64;
  if (/[a-z]/.test(g)) return 0.66;
  return 0.72;
}

const graphemes = (text: string) =>
  [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)].map((s) => s.segment);
export const textWidth = (text: string) => graphemes(text).reduce((sum, g) => sum + advance(g), 0);

/** The text as it is when it fits in maxEm, else cut with an ellipsis. */
export const fitLine = (text: string, maxEm: number) =>
  textWidth(text) <= maxEm ? text : ellipsize(text, maxEm);

/** "Kyoto in spr…": the text cut to fit maxEm with an ellipsis, at a grapheme (emoji stay whole). */
export function ellipsize(text: string, maxEm: number): string {
  const parts = graphemes(text.trimEnd());
  const limit = maxEm - advance("…");
  let width = 0;
  let end = 0;
  while (end < parts.length && width + advance(parts[end]!) <= limit) width += advance(parts[end++]!);
  return `${parts.slice(0, end).join("").trimEnd()}…`;
}

/**
 * The text in lines of at most maxEm, broken between words (any character of CJK scripts, whose
 * word segments are short), a word longer than a line between its characters; past maxLines the last
 * line ends with an ellipsis.
 */
export function wrapText(text: string, maxEm: number, maxLines: number, lng: Language): string[] {
  const words = [...new Intl.Segmenter(INTL_LOCALE[lng], { granularity: "word" }).segment(text.trim())].map(
    (s) => s.segment,
  );
  const lines: string[] = [];
  let line = "";
  const flush = () => {
    lines.push(line.trimEnd());
    line = "";
  };
  for (const word of words) {
    if (!line && /^\s+$/.test(word)) continue;
    if (textWidth(line + word.trimEnd()) <= maxEm) {
      line += word;
      continue;
    }
    if (line) flush();
    if (/^\s+$/.test(word)) continue;
    if (textWidth(word) <= maxEm) {
      line = word;
      continue;
    }
    for (const g of graphemes(word)) {
      if (line && textWidth(line + g) > maxEm) flush();
      line += g;
    }
  }
  if (line.trim()) flush();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(kept[maxLines - 1]!, maxEm);
  return kept;
}

/** The largest title size whose lines fit (longer names get smaller type, then an ellipsis). */
function titleLayout(name: string, widthPx: number, lng: Language) {
  for (const [size, maxLines] of [
    [76, 2],
    [62, 3],
  ] as const) {
    const lines = wrapText(name, widthPx / size, 99, lng);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: 52, lines: wrapText(name, widthPx / 52, 3, lng) };
}

// ---- the places ---------------------------------------------------------------------------------

type XY = [number, number];

/** Web Mercator, in radians; a trip across the antimeridian stays in one piece. */
function project(points: [number, number][]): XY[] {
  const valid = points.filter(
    ([lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lat) <= 85,
  );
  const lngs = valid.map(([lng]) => lng);
  const wraps = lngs.length > 0 && Math.max(...lngs) - Math.min(...lngs) > 180;
  return valid.map(([lng, lat]) => {
    const x = wraps && lng < 0 ? lng + 360 : lng;
    return [(x * Math.PI) / 180, -Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
  });
}

/** The convex hull, counter-clockwise (Andrew's monotone chain). */
export function convexHull(points: XY[]): XY[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: XY[]) => {
    const out: XY[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

const MAX_DRAWN = 300;
const round = (n: number) => Math.round(n * 10) / 10;

/** The places as dots in a box, with a light hull around them, fitted and centred, north up. */
function placesDrawing(
  points: [number, number][],
  box: { x: number; y: number; w: number; h: number },
): string {
  const projected = project(points.slice(0, MAX_DRAWN));
  if (projected.length === 0) return "";
  const xs = projected.map((p) => p[0]);
  const ys = projected.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = 56;
  const span = Math.max(maxX - minX, maxY - minY);
  const scale =
    span > 0
      ? Math.min((box.w - 2 * pad) / (maxX - minX || span), (box.h - 2 * pad) / (maxY - minY || span))
      : 0;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const at = ([x, y]: XY): XY => [
    round(cx + (x - (minX + maxX) / 2) * scale),
    round(cy + (y - (minY + maxY) / 2) * scale),
  ];
  const screen = projected.map(at);
  const unique = [...new Map(screen.map((p) => [`${p[0]},${p[1]}`, p])).values()];
  const hull = convexHull(unique);
  const r = unique.length > 60 ? 6 : unique.length > 20 ? 8 : 11;
  const parts: string[] = [];
  if (hull.length >= 3)
    parts.push(
      `<polygon points="${hull.map((p) => p.join(",")).join(" ")}" fill="${BRAND[500]}" fill-opacity="0.16" stroke="${BRAND[500]}" stroke-opacity="0.7" stroke-width="3" stroke-linejoin="round" stroke-dasharray="10 8"/>`,
    );
  else if (hull.length === 2)
    parts.push(
      `<line x1="${hull[0]![0]}" y1="${hull[0]![1]}" x2="${hull[1]![0]}" y2="${hull[1]![1]}" stroke="${BRAND[500]}" stroke-opacity="0.7" stroke-width="3" stroke-dasharray="10 8"/>`,
    );
  for (const [x, y] of unique)
    parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${BRAND[600]}" stroke="#fff" stroke-width="3"/>`);
  return parts.join("");
}

// ---- the card -------------------------------------------------------------------------------------

/** The app's mark (favicon.svg) at a size, its top left at x, y. */
const logo = (x: number, y: number, size: number, onDark = false) =>
  `<g transform="translate(${x} ${y}) scale(${size / 64})"><rect width="64" height="64" rx="16" fill="${BRAND[700]}"${onDark ? ` stroke="#fff" stroke-opacity="0.35" stroke-width="${(2 * 64) / size}"` : ""}/><path d="M18 42c6-14 22-22 28-20-4 2-8 6-10 12l-6-2-4 10z" fill="#fff"/><circle cx="46" cy="20" r="4" fill="${BRAND.sun}"/></g>`;

const background = `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND[700]}"/>
      <stop offset="1" stop-color="${BRAND[900]}"/>
    </linearGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
      <path d="M40 0H0V40" fill="none" stroke="${BRAND[100]}" stroke-width="1.5"/>
    </pattern>
  </defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
  <circle cx="1130" cy="-40" r="260" fill="${BRAND[500]}" fill-opacity="0.18"/>
  <circle cx="-60" cy="650" r="220" fill="${BRAND[500]}" fill-opacity="0.12"/>`;

const svgText = (
  x: number,
  y: number,
  size: number,
  weight: number,
  fill: string,
  font: string,
  value: string,
  anchor = "start",
) =>
  `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(value)}</text>`;

/** The card's SVG, 1200x630. */
export function cardSvg(content: CardContent, lng: Language): string {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">${background}`;
  if (content.kind === "generic") {
    const font = fontFamily(content.title + content.line, lng);
    const cx = CARD_WIDTH / 2;
    return `${open}
  ${logo(cx - 80, 100, 160, true)}
  ${svgText(cx, 360, 96, 700, "#fff", font, PRODUCT_NAME, "middle")}
  ${svgText(cx, 440, 48, 700, BRAND[100], font, fitLine(content.title, 1040 / 48), "middle")}
  ${svgText(cx, 510, 30, 400, BRAND[100], font, fitLine(content.line, 1040 / 30), "middle")}
</svg>`;
  }
  const font = fontFamily(content.name, lng);
  const left = 80;
  const textWidthPx = 600;
  const title = titleLayout(content.name, textWidthPx, lng);
  const lineHeight = Math.round(title.size * 1.22);
  // The title and its line, centred between the header and the footer.
  const gap = 66;
  const info = wrapText(content.line, textWidthPx / 34, 2, lng);
  const infoHeight = 44;
  const block = (title.lines.length - 1) * lineHeight + title.size + gap + (info.length - 1) * infoHeight;
  const top = Math.round(160 + (360 - block) / 2 + title.size * 0.9);
  const titleSvg = title.lines
    .map((line, i) => svgText(left, top + i * lineHeight, title.size, 700, "#fff", font, line))
    .join("\n  ");
  const after = top + (title.lines.length - 1) * lineHeight + gap;
  const panel = { x: 740, y: 60, w: 400, h: 510 };
  const drawing = placesDrawing(content.points, panel);
  return `${open}
  ${logo(left, 64, 64, true)}
  ${svgText(left + 84, 110, 40, 700, "#fff", font, PRODUCT_NAME)}
  ${titleSvg}
  ${info.map((line, i) => svgText(left, after + i * infoHeight, 34, 400, BRAND[100], font, line)).join("\n  ")}
  ${svgText(left, 566, 24, 400, BRAND[100], font, fitLine(content.footer, textWidthPx / 24))}
  <rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" rx="28" fill="${BRAND[50]}"/>
  <rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" rx="28" fill="url(#grid)" opacity="0.9"/>
  ${drawing || logo(panel.x + panel.w / 2 - 72, panel.y + panel.h / 2 - 72, 144)}
</svg>`;
}

// Loaded on the first card: the server starts without the native image library in memory.
let sharpModule: Promise<typeof import("sharp").default> | undefined;
const loadSharp = () => (sharpModule ??= import("sharp").then((m) => m.default));

/** The card as a PNG. */
export async function renderCard(content: CardContent, lng: Language): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(cardSvg(content, lng)))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
