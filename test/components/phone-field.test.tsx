import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PhoneField } from '@/components/PhoneField';

/** USER-5: the phone row's region list and the phone it saves. */
function Harness(props: { initial: string; onPhone: (p: string) => void }) {
  const [phone, setPhone] = useState(props.initial);
  return (
    <PhoneField
      id="p"
      label="Phone"
      value={phone}
      placeholder="Phone number"
      defaultRegion="CN"
      onInput={(p) => {
        setPhone(p);
        props.onPhone(p);
      }}
    />
  );
}

const typeInto = (container: HTMLElement, value: string) => {
  const input = container.querySelector('#p') as HTMLInputElement;
  // the Taro input answers `detail.value`, as the hosts do
  fireEvent(input, new CustomEvent('input', { detail: { value }, bubbles: true }));
};

describe('PhoneField', () => {
  it('starts in the default region and keeps a mainland number as typed', () => {
    const seen: string[] = [];
    const { container } = render(<Harness initial="" onPhone={(p) => seen.push(p)} />);
    expect(screen.getByText('CN +86')).toBeTruthy();
    typeInto(container, '13812345678');
    expect(seen.at(-1)).toBe('13812345678');
  });

  it('saves a number of the chosen region with its calling code', () => {
    const seen: string[] = [];
    const { container } = render(<Harness initial="" onPhone={(p) => seen.push(p)} />);
    fireEvent.click(container.querySelector('#p-region')!);
    fireEvent.click(container.querySelector('#p-region-HK')!);
    expect(screen.getByText('HK +852')).toBeTruthy();
    typeInto(container, '91234567');
    expect(seen.at(-1)).toBe('+85291234567');
  });

  it('shows a saved international number in its region', () => {
    const { container } = render(<Harness initial="+447700900123" onPhone={() => undefined} />);
    expect(screen.getByText('GB +44')).toBeTruthy();
    expect((container.querySelector('#p') as HTMLInputElement).value).toBe('7700900123');
  });
});
