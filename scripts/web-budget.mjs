// The web client's first-load budget (docs/web.md): the JavaScript and CSS that dist/web/index.html references,
// gzip-compressed as served, at most 120 KB. Prints each file and the total; exits 1 above the budget. The lazy
// chunks (built files index.html does not reference, fetched by a dynamic import() when a page needs them, e.g.
// the rules engine of the replay) are listed apart with their gzip size and do not count against the budget.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120 * 1024;
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
const gzipSize = (file) => gzipSync(readFileSync(join(ROOT, file)), { level: 9 }).length;
const kilobytes = (size) => `${(size / 1024).toFixed(1).padStart(7)} KB`;
let total = 0;
for (const file of new Set(referenced)) {
  const size = gzipSize(file);
  total += size;
  console.log(`${kilobytes(size)}  ${file}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`${kilobytes(total)}  first load, gzip (${verdict} the budget of ${BUDGET_BYTES / 1024} KB)`);
const lazy = readdirSync(join(ROOT, 'assets'))
  .filter((name) => /\.(?:js|css)$/.test(name))
  .map((name) => `/assets/${name}`)
  .filter((file) => !referenced.includes(file))
  .sort();
let lazyTotal = 0;
for (const file of lazy) {
  const size = gzipSize(file);
  lazyTotal += size;
  console.log(`${kilobytes(size)}  ${file} (lazy chunk)`);
}
if (lazy.length > 0)
  console.log(`${kilobytes(lazyTotal)}  lazy chunks, gzip (loaded on demand, not in the budget)`);
if (total > BUDGET_BYTES) process.exit(1);
