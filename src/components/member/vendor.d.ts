/** The encoder entry point of the QR library used without its renderers. */
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
