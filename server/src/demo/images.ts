/**
 * Demo pictures: simple generated SVG files (coloured background, a drawn shape, the initial of the
 * name). Data modules call `demoImage()` which records what to draw and returns the URL path the server
 * serves (`/demo-images/<file>.svg`); `scripts/gen-demo-images.ts` writes every recorded picture into
 * `server/src/demo/images/`. No external URL is used anywhere in the demo.
 */

export const DEMO_IMAGE_URL_PREFIX = '/demo-images/';

/** What is drawn in the middle of a picture. */
export type ImageShape =
  | 'bowl'
  | 'plate'
  | 'noodles'
  | 'cup'
  | 'cake'
  | 'tray'
  | 'burger'
  | 'bag'
  | 'leaf'
  | 'scissors'
  | 'polish'
  | 'logo'
  | 'person';

export interface ImageSpec {
  /** File name inside the images folder, e.g. `dish-kung-pao.svg`. */
  file: string;
  /** The initial drawn on the picture (first character of the name). */
  label: string;
  shape: ImageShape;
  /** Background colour `#rrggbb`. */
  color: string;
}

const registry = new Map<string, ImageSpec>();

/** Pleasant, muted background colours; picked by a hash of the file name unless given. */
const PALETTE = [
  '#e0724f', '#d9a441', '#7fa65a', '#4f9d8f', '#4f86c6', '#8a6fc0', '#c2618f', '#b5774b',
  '#5f9ea0', '#c9705a', '#6a9b4e', '#d08c3f',
];

function hashOf(text: string): number {
  // FNV-1a: stable across runs, so a file keeps its colour.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Records a picture to generate and returns its URL path. Same file twice must mean the same picture. */
export function demoImage(file: string, name: string, shape: ImageShape, color?: string): string {
  if (!/^[a-z0-9-]+\.svg$/.test(file)) throw new Error(`demo image file name must be kebab-case .svg: ${file}`);
  const spec: ImageSpec = {
    file,
    label: Array.from(name.trim())[0] ?? '?',
    shape,
    color: color ?? PALETTE[hashOf(file) % PALETTE.length],
  };
  const known = registry.get(file);
  if (known && (known.label !== spec.label || known.shape !== spec.shape || known.color !== spec.color)) {
    throw new Error(`demo image ${file} recorded twice with different content`);
  }
  registry.set(file, spec);
  return DEMO_IMAGE_URL_PREFIX + file;
}

/** Every picture recorded so far (load the data modules first), sorted by file name. */
export function recordedImages(): ImageSpec[] {
  return [...registry.values()].sort((a, b) => a.file.localeCompare(b.file));
}

/** File name of a `/demo-images/…` URL path, or null for any other string. */
export function imageFileOf(url: string): string | null {
  return url.startsWith(DEMO_IMAGE_URL_PREFIX) ? url.slice(DEMO_IMAGE_URL_PREFIX.length) : null;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

function lighten(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const INK = 'fill="#ffffff" fill-opacity="0.92"';
const LINE = 'fill="none" stroke="#ffffff" stroke-opacity="0.92" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"';

/** The drawn shape, in a 200×200 box, kept in the upper two thirds (the initial sits below). */
const SHAPES: Record<ImageShape, string> = {
  bowl: `<path d="M40 78h120a60 52 0 0 1-120 0z" ${INK}/><path d="M78 62c-8-10 8-16 0-28M100 62c-8-10 8-16 0-28M122 62c-8-10 8-16 0-28" ${LINE}/>`,
  plate: `<circle cx="100" cy="82" r="52" ${INK}/><circle cx="100" cy="82" r="34" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`,
  noodles: `<path d="M40 84h120a60 48 0 0 1-120 0z" ${INK}/><path d="M64 84c6-22 18-22 24 0M88 84c6-22 18-22 24 0M112 84c6-22 18-22 24 0" ${LINE}/><path d="M128 30l-30 46M146 34l-34 44" ${LINE}/>`,
  cup: `<path d="M62 44h64l-8 86H70z" ${INK}/><path d="M126 64h10a16 16 0 0 1 0 32h-14" ${LINE}/><path d="M98 44l12-24" ${LINE}/>`,
  cake: `<path d="M44 118V82l112-30v66z" ${INK}/><path d="M44 82l112-30" ${LINE}/><circle cx="130" cy="44" r="9" ${INK}/>`,
  tray: `<rect x="30" y="46" width="140" height="86" rx="14" ${INK}/><circle cx="74" cy="89" r="24" fill="#000" fill-opacity="0.12"/><rect x="108" y="66" width="44" height="46" rx="8" fill="#000" fill-opacity="0.12"/>`,
  burger: `<path d="M46 80a54 40 0 0 1 108 0z" ${INK}/><rect x="42" y="88" width="116" height="12" rx="6" ${INK}/><path d="M46 108h108a6 6 0 0 1 0 0c0 12-10 20-22 20H68c-12 0-22-8-22-20z" ${INK}/>`,
  bag: `<path d="M50 62h100l-8 72H58z" ${INK}/><path d="M78 62v-8a22 22 0 0 1 44 0v8" ${LINE}/>`,
  leaf: `<path d="M52 130C52 70 92 38 152 36c0 62-36 94-100 94z" ${INK}/><path d="M60 122L128 58" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="5" stroke-linecap="round"/>`,
  scissors: `<circle cx="70" cy="112" r="18" ${LINE}/><circle cx="130" cy="112" r="18" ${LINE}/><path d="M82 98l56-70M118 98L62 28" ${LINE}/>`,
  polish: `<rect x="66" y="72" width="68" height="64" rx="14" ${INK}/><rect x="84" y="30" width="32" height="42" rx="6" ${INK}/>`,
  logo: `<circle cx="100" cy="84" r="56" ${LINE}/><circle cx="100" cy="84" r="40" ${INK}/>`,
  person: `<circle cx="100" cy="66" r="30" ${INK}/><path d="M44 136a56 46 0 0 1 112 0z" ${INK}/>`,
};

/** The SVG text of a picture; pure, so the files can be checked against it. */
export function renderImageSvg(spec: ImageSpec): string {
  const light = lighten(spec.color, 0.28);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${spec.color}"/></linearGradient></defs>`,
    '<rect width="200" height="200" rx="24" fill="url(#g)"/>',
    SHAPES[spec.shape],
    `<text x="100" y="182" text-anchor="middle" font-family="'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif" font-size="38" font-weight="700" fill="#ffffff">${escapeXml(spec.label)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
