/** The encoder entry points of the barcode and QR libraries used without their renderers. */
declare module 'jsbarcode/bin/barcodes/CODE128' {
  /** Code 128 with automatic A/B/C switching; `encode().data` is the module string ('1' = bar). */
  export class CODE128 {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    encode(): { text: string; data: string };
  }
}

declare module 'qrcode/lib/core/qrcode' {
  export interface QrSegment {
    data: string | Uint8Array | number[];
    mode: 'numeric' | 'alphanumeric' | 'byte';
  }
  export interface QrSymbol {
    modules: { size: number; data: Uint8Array; get(row: number, col: number): number };
    version: number;
  }
  export function create(data: string | QrSegment[], options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QrSymbol;
}
