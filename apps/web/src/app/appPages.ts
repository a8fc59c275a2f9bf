/**
 * The app's own pages (router.tsx), which the service worker answers with the app shell, online and
 * offline (vite.config.ts, navigateFallbackAllowlist). Every other navigation reaches the server: the
 * test checkout and its form posts, e-mail confirmation, unsubscribe and OAuth links, downloads, the
 * shared page with its link-preview meta. Workbox matches path and query together, hence `(\?|$)`.
 * appPages.test.ts keeps this list beside the router's paths.
 */
export const APP_PAGES: RegExp[] = [
  /^\/(\?|$)/,
  /^\/my-trip(\/(my-places|chat|money|polls|documents|lists|share))?\/?(\?|$)/,
  /^\/my-trip\/money\/print\/?(\?|$)/,
  /^\/trip\/[^/?]+\/?(\?|$)/,
  /^\/add-place\/?(\?|$)/,
  /^\/profile\/?(\?|$)/,
  /^\/auth\/callback\/?(\?|$)/,
  /^\/premium(\/|-)(success|cancel)\/?(\?|$)/,
];

export const isAppPage = (pathAndQuery: string) => APP_PAGES.some((re) => re.test(pathAndQuery));
