/**
 * Server pictures of the menu (product rows, the shop logo, the spec sheet) go through `mediaUrl`:
 * with an API origin (every mini program build) the root-relative paths the server answers with
 * become absolute, so the hosts load them from the server instead of the code package.
 */
import { render } from '@testing-library/react';
import { Picture as TaroPicture } from '@/platform/elements';
import { Picture as BrowserPicture } from '@/platform/elements.h5';

const saved = process.env.API_BASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.API_BASE_URL;
  else process.env.API_BASE_URL = saved;
});

describe('server pictures', () => {
  test('the Taro picture of a mini program loads a root-relative server path from the API origin', () => {
    process.env.API_BASE_URL = 'http://127.0.0.1:8080';
    const { container } = render(<TaroPicture className="product-row__img" src="/demo-images/noodles.jpg" />);
    const img = container.querySelector('.product-row__img') as HTMLElement;
    expect(img.getAttribute('src')).toBe('http://127.0.0.1:8080/demo-images/noodles.jpg');
  });

  test('the browser picture loads it from the API origin too when one is set', () => {
    process.env.API_BASE_URL = 'https://api.example.com';
    const { container } = render(<BrowserPicture src="/uploads/logo.png" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://api.example.com/uploads/logo.png');
  });
});
