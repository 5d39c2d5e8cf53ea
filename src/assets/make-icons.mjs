// Draws the tab bar and home entry icons as PNG files with zlib only (no downloads).
// Run: node src/assets/make-icons.mjs — the PNGs are committed next to this script.
// APP-2: 24 px icons (drawn at 2x = 48 px), grey when unselected, orange when selected (C§2).
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
mkdirSync(join(here, 'tab'), { recursive: true });
mkdirSync(join(here, 'home'), { recursive: true });
const GREY = [153, 153, 153];
const ORANGE = [255, 128, 0];

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** RGBA PNG from a sampler (x, y in 0..1) → [r, g, b, a], supersampled 4×4 for smooth edges. */
function pngFromSampler(size, sample) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const ss = 4;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const [r, g, b, a] = sample((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size);
          // premultiply so transparent samples do not darken the edge colour
          acc[0] += r * a;
          acc[1] += g * a;
          acc[2] += b * a;
          acc[3] += a;
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const alpha = acc[3] / (ss * ss);
      raw[o] = acc[3] ? Math.round(acc[0] / acc[3]) : 0;
      raw[o + 1] = acc[3] ? Math.round(acc[1] / acc[3]) : 0;
      raw[o + 2] = acc[3] ? Math.round(acc[2] / acc[3]) : 0;
      raw[o + 3] = Math.round(alpha * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A one-colour icon from a shape. */
const png = (size, shape, rgb) => pngFromSampler(size, (x, y) => [...rgb, shape(x, y) ? 1 : 0]);

// Shape helpers in unit coordinates (0..1).
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const ring = (cx, cy, r, w) => (x, y) => {
  const d = Math.hypot(x - cx, y - cy);
  return d <= r && d >= r - w;
};
const tri = (ax, ay, bx, by, cx, cy) => (x, y) => {
  const s = (px, py, qx, qy) => (x - qx) * (py - qy) - (px - qx) * (y - qy);
  const d1 = s(ax, ay, bx, by), d2 = s(bx, by, cx, cy), d3 = s(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};
const union = (...fs) => (x, y) => fs.some((f) => f(x, y));
const minus = (a, b) => (x, y) => a(x, y) && !b(x, y);

const icons = {
  // a house: roof, walls, door
  home: minus(union(tri(0.5, 0.1, 0.08, 0.48, 0.92, 0.48), rect(0.2, 0.45, 0.8, 0.88)), rect(0.42, 0.62, 0.58, 0.88)),
  // a bowl with steam: ordering
  ordering: union(
    minus(circle(0.5, 0.5, 0.4), rect(0, 0, 1, 0.52)),
    rect(0.08, 0.5, 0.92, 0.56),
    rect(0.35, 0.88, 0.65, 0.93),
    rect(0.34, 0.14, 0.4, 0.4),
    rect(0.47, 0.1, 0.53, 0.4),
    rect(0.6, 0.14, 0.66, 0.4),
  ),
  // a receipt with lines: orders
  orders: minus(rect(0.18, 0.08, 0.82, 0.92), union(rect(0.3, 0.26, 0.7, 0.32), rect(0.3, 0.44, 0.7, 0.5), rect(0.3, 0.62, 0.56, 0.68))),
  // a person: mine
  mine: union(circle(0.5, 0.3, 0.19), minus(circle(0.5, 0.98, 0.4), rect(0, 0.92, 1, 1))),
};

for (const [name, shape] of Object.entries(icons)) {
  writeFileSync(join(here, 'tab', `${name}.png`), png(48, shape, GREY));
  writeFileSync(join(here, 'tab', `${name}-active.png`), png(48, shape, ORANGE));
}

// Order-type entry icons on the home page, white on a main-colour disc (drawn by CSS).
const WHITE = [255, 255, 255];
const entryIcons = {
  // a parcel on wheels: delivery
  takeaway: union(rect(0.12, 0.22, 0.72, 0.66), rect(0.72, 0.38, 0.9, 0.66), circle(0.3, 0.76, 0.1), circle(0.74, 0.76, 0.1)),
  // a shopping bag with a handle: pickup
  pickup: union(rect(0.18, 0.36, 0.82, 0.9), ring(0.5, 0.36, 0.2, 0.06)),
  // a bowl with chopsticks: dine in
  dine: icons.ordering,
};
for (const [name, shape] of Object.entries(entryIcons)) {
  writeFileSync(join(here, 'home', `${name}.png`), png(64, shape, WHITE));
}

console.log('icons written');
