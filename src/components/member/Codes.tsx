import { useMemo } from 'react';
import { View, Text } from '@tarojs/components';
import { code128Bars, qrMatrix } from './codes';

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

/** A Code 128 barcode drawn as Views (no canvas): bars placed by module inside a light quiet zone. */
export function Barcode({ value, id }: { value: string; id?: string }) {
  const bars = useMemo(() => code128Bars(value), [value]);
  if (!bars) return null;
  return (
    <View className="member-barcode" id={id}>
      <View className="member-barcode__bars">
        {bars.bars.map((b) => (
          <View key={b.x} className="member-barcode__bar" style={{ left: pct(b.x / bars.modules), width: pct(b.width / bars.modules) }} />
        ))}
      </View>
      <Text className="member-barcode__text">{value.replace(/(\d{4})(?=\d)/g, '$1 ')}</Text>
    </View>
  );
}

/** A QR code drawn as Views: one row per module row, its dark runs inside (few nodes, no canvas). */
export function QrCode({ value, id, size = 'normal' }: { value: string; id?: string; size?: 'normal' | 'large' }) {
  const matrix = useMemo(() => qrMatrix(value), [value]);
  if (!matrix) return null;
  const step = 1 / matrix.size;
  return (
    <View className={`member-qr member-qr--${size}`} id={id}>
      <View className="member-qr__modules">
        {matrix.rows.map((runs, r) =>
          runs.length === 0 ? null : (
            <View key={r} className="member-qr__row" style={{ top: pct(r * step), height: pct(step) }}>
              {runs.map((run) => (
                <View key={run.x} className="member-qr__run" style={{ left: pct(run.x * step), width: pct(run.width * step) }} />
              ))}
            </View>
          ),
        )}
      </View>
    </View>
  );
}
