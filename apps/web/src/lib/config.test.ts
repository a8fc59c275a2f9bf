import { expect, it } from "vitest";
import { INLINE_CONFIG_ID, inlineClientConfig } from "./config";

// The client config the server inlines into index.html (apps/server/src/http/web.ts withInlineConfig).
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === INLINE_CONFIG_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

it("reads the config the server inlined, and nothing from a page without it or with something else", () => {
  const config = {
    productName: "Tabi",
    supportEmail: "help@example.com",
    googleSignIn: true,
    devMailbox: false,
    marketingUrl: "https://tabi.app",
    uberClientId: null,
    map: { styleUrl: null, tileUrl: null, tileAttribution: "" },
  };
  expect(inlineClientConfig(page(JSON.stringify(config).replace(/</g, "\\u003c")))).toEqual(config);
  expect(inlineClientConfig(page(null))).toBeUndefined();
  expect(inlineClientConfig(page(""))).toBeUndefined();
  expect(inlineClientConfig(page("{not json"))).toBeUndefined();
  expect(inlineClientConfig(page("null"))).toBeUndefined();
  expect(inlineClientConfig(page('{"other":1}'))).toBeUndefined();
});
