// The en catalogues of the first screen (sign-in, the shell, home), in one file (i18n/bundles.ts
// FIRST_NAMESPACES; the list is checked by bundles.test.ts). The English server texts are a file of
// their own, which every language loads (bundles.ts loadEnglishServerTexts).
export default import.meta.glob<Record<string, unknown>>(
  "../locales/en/{auth,billing,common,home,info,offline,shell,trips}.json",
  { eager: true, import: "default" },
);
