// Member colours as text: the same hue, darkened on the light theme or lightened on the dark one
// until it reads at WCAG AA (4.5:1) on the chat's background. Avatars keep the colour as it is.
// The darkest light background and the lightest dark one names sit on (a quote inside a bubble).
const LIGHT_BG = "#f1f5f9"; // slate-100
const DARK_BG = "#1e293b"; // slate-800
const AA = 4.5;

type Rgb = [number, number, number];
const parse = (hex: string): Rgb => {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0) as Rgb;
};
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The member's colour, made readable as text on the light or dark chat background. */
export function readableText(color: string, dark: boolean): string {
  const bg = dark ? DARK_BG : LIGHT_BG;
  const toward: Rgb = dark ? [255, 255, 255] : [0, 0, 0];
  const from = parse(color);
  for (let mix = 0; mix <= 1; mix += 0.1) {
    const hex = toHex(from.map((c, i) => c + (toward[i]! - c) * mix) as Rgb);
    if (contrast(hex, bg) >= AA) return hex;
  }
  return toHex(toward);
}
