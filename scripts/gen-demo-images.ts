/**
 * Writes the demo pictures: every image the demo data records (server/src/demo/images.ts) becomes
 * `server/src/demo/images/<file>.svg`; pictures no longer used are removed.
 * Run: `npx tsx scripts/gen-demo-images.ts` after changing the demo data.
 */
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLargeShop, demoData } from '../server/src/demo';
import { recordedImages, renderImageSvg } from '../server/src/demo/images';

const dir = join(__dirname, '..', 'server', 'src', 'demo', 'images');

// Loading the data records the pictures; the large shop records its own when built.
void demoData;
buildLargeShop();

mkdirSync(dir, { recursive: true });
const specs = recordedImages();
const wanted = new Set(specs.map((s) => s.file));
let written = 0;
for (const spec of specs) {
  const path = join(dir, spec.file);
  const svg = renderImageSvg(spec);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = '';
  }
  if (current !== svg) {
    writeFileSync(path, svg);
    written += 1;
  }
}
let removed = 0;
for (const file of readdirSync(dir)) {
  if (file.endsWith('.svg') && !wanted.has(file)) {
    unlinkSync(join(dir, file));
    removed += 1;
  }
}
console.log(`demo images: ${specs.length} in use, ${written} written, ${removed} removed (${dir})`);
