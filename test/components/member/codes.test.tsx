/**
 * The member's codes (MEMBER-1) drawn from our own bars and module runs, then read back by ZXing as a
 * scanner at the counter would: the Code 128 barcode of the card number and the QR codes.
 */
import { BarcodeFormat, BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { code128Bars, qrMatrix } from '../../../src/components/member/codes';

const SCALE = 3;

/** A grey image of the bars: 10 light modules of quiet zone on each side, 40 px high. */
function barcodeImage(text: string) {
  const bars = code128Bars(text)!;
  const quiet = 10;
  const width = (bars.modules + 2 * quiet) * SCALE;
  const height = 40;
  const lum = new Uint8ClampedArray(width * height).fill(255);
  for (const bar of bars.bars) {
    for (let y = 0; y < height; y += 1) {
      for (let x = (quiet + bar.x) * SCALE; x < (quiet + bar.x + bar.width) * SCALE; x += 1) lum[y * width + x] = 0;
    }
  }
  return new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, width, height)));
}

/** A grey image of the QR runs with a 4-module quiet zone. */
function qrImage(text: string) {
  const m = qrMatrix(text)!;
  const side = (m.size + 8) * SCALE;
  const lum = new Uint8ClampedArray(side * side).fill(255);
  m.rows.forEach((runs, r) => {
    for (const run of runs) {
      for (let y = (r + 4) * SCALE; y < (r + 5) * SCALE; y += 1) {
        for (let x = (run.x + 4) * SCALE; x < (run.x + run.width + 4) * SCALE; x += 1) lum[y * side + x] = 0;
      }
    }
  });
  return new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, side, side)));
}

describe('member codes', () => {
  test('the card number’s Code 128 bars read back as the card number', () => {
    const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]);
    expect(new Code128Reader().decode(barcodeImage('8800600010001'), hints).getText()).toBe('8800600010001');
  });

  test('13 digits take 123 modules: start C, six digit pairs, code B, the last digit, check, stop', () => {
    // 11 (start C) + 6 × 11 (pairs 88 00 60 00 10 00) + 11 (code B) + 11 ("1") + 11 (check) + 13 (stop) = 123
    const bars = code128Bars('8800600010001')!;
    expect(bars.modules).toBe(123);
    // every Code 128 symbol has 3 bars; the stop pattern 4: 3 × 10 + 4 = 34 bars
    expect(bars.bars).toHaveLength(34);
  });

  test('the card number’s QR code reads back, and is the smallest version (21 × 21)', () => {
    expect(qrMatrix('8800600010001')!.size).toBe(21);
    const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
    expect(new QRCodeReader().decode(qrImage('8800600010001'), hints).getText()).toBe('8800600010001');
  });

  test('a signed token (letters, dots, dashes) is encoded byte by byte and reads back', () => {
    const token = 'eyJtZW1iZXJJZCI6NjAwMDF9.q-Z_3xK9';
    const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
    expect(new QRCodeReader().decode(qrImage(token), hints).getText()).toBe(token);
  });

  test('the bars are the Code 128 encoder’s own modules, found without a canvas or any DOM', () => {
    // the encoder itself, read here only to compare with what the object renderer hands over
    const { CODE128 } = jest.requireActual('jsbarcode/bin/barcodes/CODE128') as {
      CODE128: new (text: string, options: object) => { encode(): { data: string } };
    };
    const createElement = jest.spyOn(document, 'createElement');
    const querySelectorAll = jest.spyOn(document, 'querySelectorAll');
    for (const text of ['8800600010001', '60001', 'VIP-0042', 'a1b2C3d4']) {
      const bars = code128Bars(text)!;
      const modules = Array.from({ length: bars.modules }, () => '0');
      for (const b of bars.bars) modules.fill('1', b.x, b.x + b.width);
      expect(modules.join('')).toBe(new CODE128(text, {}).encode().data);
    }
    expect(createElement).not.toHaveBeenCalled();
    expect(querySelectorAll).not.toHaveBeenCalled();
    createElement.mockRestore();
    querySelectorAll.mockRestore();
  });

  test('nothing to draw for an empty text or one Code 128 cannot carry', () => {
    expect(code128Bars('')).toBeNull();
    expect(code128Bars('会员')).toBeNull();
    expect(qrMatrix('')).toBeNull();
  });
});
