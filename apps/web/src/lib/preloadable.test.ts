import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable";

const Hello = ({ name }: { name: string }) => createElement("p", null, `Hello ${name}`);
const page = (View: ReturnType<typeof preloadable<{ name: string }>>, name: string) =>
  renderToString(
    createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(View, { name })),
  );

describe("preloadable", () => {
  it("renders the component itself, not its fallback, once loaded ahead", async () => {
    const View = preloadable(async () => Hello);
    await View.preload();
    expect(page(View, "Aiko")).toContain("Hello Aiko");
    expect(page(View, "Aiko")).not.toContain("loading");
  });

  it("suspends like React.lazy while its chunk is not in, and loads it then", async () => {
    let loads = 0;
    const View = preloadable(async () => {
      loads++;
      return Hello;
    });
    expect(page(View, "Ben")).toContain("loading");
    expect(loads).toBe(1);
    await View.preload();
    expect(page(View, "Ben")).toContain("Hello Ben");
    expect(loads).toBe(1);
  });

  it("loads its chunk once however often it is asked", async () => {
    let loads = 0;
    const View = preloadable(async () => {
      loads++;
      return Hello;
    });
    await Promise.all([View.preload(), View.preload()]);
    await View.preload();
    expect(loads).toBe(1);
  });

  it("shows what waits for it once its chunk is in, and even when the chunk fails (rendering reports it)", async () => {
    const View = preloadable(async () => Hello);
    const shown = await new Promise<string>((resolve) => View.whenLoaded(() => resolve(page(View, "Chika"))));
    expect(shown).toContain("Hello Chika");
    const Broken = preloadable<{ name: string }>(() => Promise.reject(new Error("chunk gone")));
    await expect(new Promise<void>((resolve) => Broken.whenLoaded(resolve))).resolves.toBeUndefined();
  });
});
