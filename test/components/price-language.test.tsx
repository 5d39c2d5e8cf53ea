/** The price display writes the amount as the language does (src/domain/formats.ts) and keeps its parts apart. */
import { render } from '@testing-library/react';
import { Price } from '@/components/Price';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('Price per language', () => {
  it('puts the symbol after a French amount, in its own smaller part', () => {
    const { container } = render(<Price value={1234.5} symbol="€" decimals={2} language="fr" />);
    expect(container.textContent).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(container.querySelector('.price__symbol')?.textContent).toBe(`${NBSP}€`);
    expect(container.querySelector('.price__fraction')?.textContent).toBe(',50');
  });

  it('writes a negative Chinese amount with the sign before the symbol', () => {
    const { container } = render(<Price value={-2.345} symbol="¥" decimals={2} language="zh-TW" />);
    // −2.345 → magnitude 2.35
    expect(container.textContent).toBe('-¥2.35');
    expect(container.querySelector('.price__symbol')?.textContent).toBe('¥');
  });

  it('writes a Spanish zero with a decimal comma', () => {
    const { container } = render(<Price value={0} symbol="¥" decimals={2} language="es" />);
    expect(container.textContent).toBe(`0,00${NBSP}¥`);
  });
});
