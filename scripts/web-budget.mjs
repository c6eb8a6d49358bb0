// The web client's first-load budget (docs/web.md): the JavaScript and CSS that dist/web/index.html references,
// gzip-compressed as served, at most 250 KB. Prints each file and the total; exits 1 above the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 250 * 1024;
const ROOT = join(import.meta.dirname, '..', 'dist', 'web');

const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
// <script src>, <link rel=stylesheet|modulepreload href>: everything the first load fetches as code or style.
const referenced = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/[^"]+\.(?:js|css))"/g)].map(
  (match) => match[1],
);
if (referenced.length === 0) {
  console.error('web budget: index.html references no script or stylesheet');
  process.exit(1);
}
let total = 0;
for (const file of new Set(referenced)) {
  const size = gzipSync(readFileSync(join(ROOT, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  first load, gzip (${verdict} the budget of 250 KB)`,
);
if (total > BUDGET_BYTES) process.exit(1);
