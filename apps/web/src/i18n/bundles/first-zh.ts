// The zh catalogues of the first screen (sign-in, the shell, home) and the server's texts, in one file
// (i18n/bundles.ts FIRST_NAMESPACES; the list is checked by bundles.test.ts).
export default import.meta.glob<Record<string, unknown>>(
  [
    "../locales/zh/{auth,billing,common,home,info,offline,shell,trips}.json",
    "../../../../../packages/contracts/src/i18n/zh.json",
  ],
  { eager: true, import: "default" },
);
