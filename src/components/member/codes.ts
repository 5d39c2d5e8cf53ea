/**
 * The member's codes for paying in store (MEMBER-1): a Code 128 barcode of the card number (jsbarcode,
 * through its object renderer: no canvas, no DOM) and a QR code's module matrix (the qrcode package's
 * `create()`), both drawn as plain Views by their components so every target shows them without a
 * canvas.
 */
import JsBarcode from 'jsbarcode';
import { create, type QrSegment } from 'qrcode/lib/core/qrcode';

/** One dark bar: its start and width in modules. */
export interface Bar {
  x: number;
  width: number;
}

export interface BarcodeBars {
  bars: Bar[];
  /** The symbol's width in modules (quiet zones excluded). */
  modules: number;
}

/** Code 128 bars of `text` (automatic A/B/C sets: a digit run is packed two digits a symbol); null when it cannot be encoded. */
export function code128Bars(text: string): BarcodeBars | null {
  if (text === '') return null;
  // a plain object as the target: jsbarcode's object renderer fills its `encodings` ('1' = a dark module)
  const target: { encodings?: Array<{ data: string }> } = {};
  let valid = false;
  JsBarcode(target, text, {
    format: 'CODE128',
    // told instead of thrown when the text cannot be encoded (nothing is rendered then)
    valid: (ok) => {
      valid = ok;
    },
  });
  if (!valid || !target.encodings) return null;
  const data = target.encodings.map((e) => e.data).join('');
  const bars: Bar[] = [];
  let i = 0;
  while (i < data.length) {
    if (data[i] !== '1') {
      i += 1;
      continue;
    }
    const start = i;
    while (i < data.length && data[i] === '1') i += 1;
    bars.push({ x: start, width: i - start });
  }
  return { bars, modules: data.length };
}

/** One run of dark modules in a row of the QR code. */
export interface QrRun {
  x: number;
  width: number;
}

export interface QrMatrix {
  size: number;
  /** Per row, its dark runs (fewer nodes to draw than one per module). */
  rows: QrRun[][];
}

/** The segments of a text: digits in numeric mode, anything else as its bytes (no TextEncoder needed on old hosts). */
function segmentsOf(text: string): QrSegment[] {
  if (/^\d+$/.test(text)) return [{ data: text, mode: 'numeric' }];
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    // the codes carry card numbers and signed tokens (ASCII); anything else becomes '?'
    bytes.push(c < 128 ? c : 63);
  }
  return [{ data: new Uint8Array(bytes), mode: 'byte' }];
}

/** The QR code of `text` as runs of dark modules per row (error correction M); null for an empty text. */
export function qrMatrix(text: string): QrMatrix | null {
  if (text === '') return null;
  const { modules } = create(segmentsOf(text), { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const rows: QrRun[][] = [];
  for (let r = 0; r < size; r += 1) {
    const runs: QrRun[] = [];
    let c = 0;
    while (c < size) {
      if (!modules.get(r, c)) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < size && modules.get(r, c)) c += 1;
      runs.push({ x: start, width: c - start });
    }
    rows.push(runs);
  }
  return { size, rows };
}
