/**
 * Reading QR codes back in tests: a PNG file decoded with zlib and read by ZXing, and a code drawn
 * for a terminal (half blocks) turned back into its modules.
 */
import zlib from 'node:zlib';
import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The grey level of every pixel of an 8-bit, non-interlaced grey, RGB or RGBA PNG (alpha over white). */
export function pngLuminance(png: Buffer): { width: number; height: number; luminance: Uint8ClampedArray } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [bitDepth, colorType, , , interlace] = data.subarray(8, 13);
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType] ?? 0;
      if (bitDepth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(
          `unsupported PNG: depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`,
        );
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  // undo the per-row filters (PNG spec 9.2): none, sub, up, average, Paeth
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i += 1) {
      const a = i >= channels ? pixels[y * stride + i - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      if (predictor === undefined) throw new Error(`unknown PNG filter ${filter}`);
      pixels[y * stride + i] = (row[i] + predictor) & 0xff;
    }
  }
  const luminance = new Uint8ClampedArray(width * height);
  for (let p = 0; p < width * height; p += 1) {
    const px = pixels.subarray(p * channels, (p + 1) * channels);
    const grey = channels >= 3 ? (px[0] * 299 + px[1] * 587 + px[2] * 114) / 1000 : px[0];
    const alpha = channels === 2 || channels === 4 ? px[channels - 1] / 255 : 1;
    luminance[p] = grey * alpha + 255 * (1 - alpha);
  }
  return { width, height, luminance };
}

/** The text of the QR code in a PNG image (ZXing's reader). */
export function readQrPng(png: Buffer): string {
  const { width, height, luminance } = pngLuminance(png);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
  return new QRCodeReader().decode(bitmap, hints).getText();
}

/**
 * The modules (true = dark, row by row) of a code drawn by qrcode's small terminal renderer: each
 * character is two rows of one column (`█` both dark, `▀` upper, `▄` lower), inside a one-module
 * light border.
 */
export function terminalQrModules(drawn: string, size: number): boolean[] {
  // eslint-disable-next-line no-control-regex
  const lines = drawn.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const modules: boolean[] = [];
  for (let y = 0; y < size; y += 1) {
    // line i draws rows 2i - 1 (upper half) and 2i (lower half); row -1 is the border
    const upper = y % 2 === 1;
    const line = Array.from(lines[(y + 1) >> 1] ?? '');
    for (let x = 0; x < size; x += 1) {
      const ch = line[x + 1];
      modules.push(ch === '█' || ch === (upper ? '▀' : '▄'));
    }
  }
  return modules;
}
