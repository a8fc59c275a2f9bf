// Lists visible web text outside the catalogues, file by file (the catalogue test's last check):
// npx tsx apps/web/scripts/i18n-report.ts [path-prefix]
import { sourceFiles } from "../src/i18n/check/sources";
import { visibleStrings } from "../src/i18n/check/visible";

const prefix = process.argv[2] ?? "apps/web/src/";
const files = sourceFiles().filter(
  (f) => f.path.startsWith(prefix) && !f.path.startsWith("apps/web/src/i18n/"),
);
let total = 0;
for (const f of files) {
  const found = visibleStrings(f);
  total += found.length;
  for (const x of found) console.log(`${x.path}:${x.line} ${JSON.stringify(x.text)}`);
}
console.log(`${total} visible strings outside the catalogues`);
