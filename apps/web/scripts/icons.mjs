// Draws the app's PNG icons from the favicon's design (public/favicon.svg): the install icons (192 and
// 512 px, rounded like the favicon), a maskable one (full bleed, the mark inside the central safe zone)
// and the apple-touch icon. Run after changing the design: node scripts/icons.mjs (the PNGs are committed).
import { readFileSync, writeFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";

const pub = new URL("../public/", import.meta.url);
const favicon = readFileSync(new URL("favicon.svg", pub), "utf8");
// The mark (plane and sun) without its background square, to place on the maskable icon's full bleed.
const mark = favicon
  .replace(/^[\s\S]*?<\/title>/, "")
  .replace(/<rect[^>]*\/>/, "")
  .replace("</svg>", "");
const BRAND = favicon.match(/fill="(#[0-9a-f]{6})"/i)?.[1] ?? "#0f766e";

// The mark's middle is (34, 29) and its farthest point 21 units from it; a square background at full bleed.
const onSquare = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(${scale}) translate(-34 -29)">${mark}</g></svg>`;
// Maskable: the platform keeps only a circle of 80% of the size (radius 25.6 here): 21 x 0.95 fits.
const maskable = onSquare(0.95);
// Apple draws its own rounded corners on a square icon.
const apple = onSquare(1.1);

const render = (svg, size, file) => {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(new URL(file, pub), png);
  console.log(`${file}: ${size}x${size}, ${png.length} bytes`);
};
render(favicon, 192, "icon-192.png");
render(favicon, 512, "icon-512.png");
render(maskable, 512, "icon-maskable-512.png");
render(apple, 180, "apple-touch-icon.png");
