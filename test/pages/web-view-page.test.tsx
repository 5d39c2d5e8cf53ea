/**
 * The web-view page shows the page its `url` query names (ORDER-8: the providers' payment pages in
 * the mini programs open there), and only http(s) pages.
 */
import { render } from '@testing-library/react';
import IndexWebViewPage from '@/pages/index/web-view';

let mockParams: Record<string, string | undefined> = {};
jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: mockParams }) }));

describe('web-view page', () => {
  it("shows the provider's payment page named by its url query", () => {
    const url = 'https://pay.provider.example/checkout?session=s1';
    mockParams = { url: encodeURIComponent(url) };
    const { container } = render(<IndexWebViewPage />);
    const frame = container.querySelector('taro-web-view-core, iframe');
    expect(frame?.getAttribute('src')).toBe(url);
  });

  it('shows no web page for an address that is not http(s)', () => {
    mockParams = { url: 'javascript:alert(1)' };
    const { container } = render(<IndexWebViewPage />);
    expect(container.querySelector('taro-web-view-core, iframe')).toBeNull();
  });
});
