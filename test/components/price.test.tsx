import { render } from '@testing-library/react';
import { Price, formatAmount } from '@/components/Price';

describe('formatAmount', () => {
  it('writes the amount with the shop number of decimals', () => {
    // 12.3 with 2 places → "12.30"
    expect(formatAmount(12.3, 2)).toBe('12.30');
  });

  it('rounds half away from zero where binary floating point would round down', () => {
    // 1.005 is stored as 1.00499999…, toFixed(2) gives "1.00"; half-up on the written value gives 1.01
    expect(formatAmount(1.005, 2)).toBe('1.01');
  });

  it('keeps the sign of a negative amount and rounds its magnitude', () => {
    // −2.345 → magnitude 2.345 → 2.35 → "-2.35"
    expect(formatAmount(-2.345, 2)).toBe('-2.35');
  });

  it('writes whole amounts without a decimal point when the shop uses no decimals', () => {
    // 7.5 with 0 places → 8
    expect(formatAmount(7.5, 0)).toBe('8');
  });

  it('never writes a negative zero', () => {
    // −0.001 with 2 places rounds to 0.00
    expect(formatAmount(-0.001, 2)).toBe('0.00');
  });
});

describe('Price', () => {
  it('shows the currency symbol before the formatted amount', () => {
    const { container } = render(<Price value={25.5} symbol="$" decimals={2} />);
    expect(container.textContent).toBe('$25.50');
  });

  it('marks an original price so it is struck through', () => {
    const { container } = render(<Price value={30} original />);
    expect(container.querySelector('.price--original')).not.toBeNull();
    expect(container.textContent).toBe('¥30.00');
  });
});
