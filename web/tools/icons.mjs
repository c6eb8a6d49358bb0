// Draws the web app's PNG icons into web/public (docs/web.md "Installable app"): the favicon's design — a white card
// with a red diamond (web/public/favicon.svg) — on the accent colour of web/src/style.css, filling the square so
// that the same picture serves as a maskable icon (the card stays inside the central circle of 80 % that a mask
// keeps); and the notification badge, a white diamond whose alpha alone Android shows. Plain Node (zlib) with no
// image tool, so anyone can run it again: `node web/tools/icons.mjs`. The output is the same bytes every time.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const PUBLIC = join(import.meta.dirname, '..', 'public');
/** Samples per pixel along each axis: the edges are blended from 4 × 4 samples. */
const SAMPLES = 4;

const ACCENT = [0x8e, 0x2a, 0x22, 255];
const CARD = [0xff, 0xff, 0xff, 255];
const DIAMOND = [0xc0, 0x39, 0x2b, 255];
const CLEAR = [0, 0, 0, 0];
const WHITE = [0xff, 0xff, 0xff, 255];

/** Inside a rectangle centred on (0.5, 0.5), `w` by `h`, with corners rounded by `r` (unit square coordinates). */
const roundedRect = (w, h, r) => (x, y) => {
  const dx = Math.max(Math.abs(x - 0.5) - (w / 2 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (h / 2 - r), 0);
  return dx * dx + dy * dy <= r * r;
};
/** Inside a diamond centred on (0.5, 0.5), reaching `w` / 2 sideways and `h` / 2 up and down. */
const diamond = (w, h) => (x, y) => Math.abs(x - 0.5) / (w / 2) + Math.abs(y - 0.5) / (h / 2) <= 1;

// The favicon's proportions (a 22 × 28 card, a 10 × 14 diamond in a 32 box), scaled to a card 0.6 high.
const UNIT = 0.6 / 28;
const APP_ICON = [
  [() => true, ACCENT],
  [roundedRect(22 * UNIT, 28 * UNIT, 3 * UNIT), CARD],
  [diamond(10 * UNIT, 14 * UNIT), DIAMOND],
];
const BADGE = [
  [() => true, CLEAR],
  [diamond(0.6, 0.84), WHITE],
];

/** The colour of (x, y): the last layer that covers it. */
function colourAt(layers, x, y) {
  let colour = CLEAR;
  for (const [inside, fill] of layers) if (inside(x, y)) colour = fill;
  return colour;
}

/** RGBA rows, each averaged over SAMPLES² points (premultiplied, so a transparent edge does not darken). */
function draw(layers, size) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    rows[row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const [r, g, b, a] = colourAt(
            layers,
            (px + (sx + 0.5) / SAMPLES) / size,
            (py + (sy + 0.5) / SAMPLES) / size,
          );
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const alpha = sum[3] / (SAMPLES * SAMPLES);
      const at = row + 1 + px * 4;
      for (let channel = 0; channel < 3; channel++) {
        rows[at + channel] = sum[3] === 0 ? 0 : Math.round(sum[channel] / sum[3]);
      }
      rows[at + 3] = Math.round(alpha);
    }
  }
  return rows;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(layers, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(draw(layers, size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const [name, layers, size] of [
  ['icon-192.png', APP_ICON, 192],
  ['icon-512.png', APP_ICON, 512],
  ['badge-96.png', BADGE, 96],
]) {
  writeFileSync(join(PUBLIC, name), png(layers, size));
  console.log(`web/public/${name}`);
}
