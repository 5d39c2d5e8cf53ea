import { useMemo } from 'react';
import { Box, Label } from '@/platform/elements';
import { code128Bars, qrMatrix } from './codes';

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

/*
 * The codes are drawn with the menu list's element kinds (src/components/ordering/elements.tsx): Taro's
 * Views on the mini programs, plain DOM elements on H5 — a QR code is a few hundred runs, and as Taro H5
 * Views each was a custom element with its own set-up, which made the member center's first render long.
 */

/** A Code 128 barcode drawn as boxes (no canvas): bars placed by module inside a light quiet zone. */
export function Barcode({ value, id }: { value: string; id?: string }) {
  const bars = useMemo(() => code128Bars(value), [value]);
  if (!bars) return null;
  return (
    <Box className="member-barcode" id={id}>
      <Box className="member-barcode__bars">
        {bars.bars.map((b) => (
          <Box key={b.x} className="member-barcode__bar" style={`left:${pct(b.x / bars.modules)};width:${pct(b.width / bars.modules)}`} />
        ))}
      </Box>
      <Label className="member-barcode__text">{value.replace(/(\d{4})(?=\d)/g, '$1 ')}</Label>
    </Box>
  );
}

/** A QR code drawn as boxes: one row per module row, its dark runs inside (few nodes, no canvas). */
export function QrCode({ value, id, size = 'normal' }: { value: string; id?: string; size?: 'normal' | 'large' }) {
  const matrix = useMemo(() => qrMatrix(value), [value]);
  if (!matrix) return null;
  const step = 1 / matrix.size;
  return (
    <Box className={`member-qr member-qr--${size}`} id={id}>
      <Box className="member-qr__modules">
        {matrix.rows.map((runs, r) =>
          runs.length === 0 ? null : (
            <Box key={r} className="member-qr__row" style={`top:${pct(r * step)};height:${pct(step)}`}>
              {runs.map((run) => (
                <Box key={run.x} className="member-qr__run" style={`left:${pct(run.x * step)};width:${pct(run.width * step)}`} />
              ))}
            </Box>
          ),
        )}
      </Box>
    </Box>
  );
}
