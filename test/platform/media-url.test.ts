/**
 * Server pictures in the mini programs: the server answers with root-relative paths, which a mini
 * program would look up inside its code package, so every server picture is resolved against the API
 * origin (API_BASE_URL) by `mediaUrl`.
 */
import { mediaUrl } from '../../src/platform/media';

const saved = process.env.API_BASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.API_BASE_URL;
  else process.env.API_BASE_URL = saved;
});

describe('server picture URLs', () => {
  it('resolves the root-relative paths the server answers with against the API origin', () => {
    process.env.API_BASE_URL = 'http://127.0.0.1:8080/';
    expect(mediaUrl('/demo-images/noodles.jpg')).toBe('http://127.0.0.1:8080/demo-images/noodles.jpg');
    expect(mediaUrl('/avatars/u1.png')).toBe('http://127.0.0.1:8080/avatars/u1.png');
    expect(mediaUrl('/uploads/a.webp')).toBe('http://127.0.0.1:8080/uploads/a.webp');
  });

  it('leaves absolute URLs, protocol-relative URLs and host files unchanged', () => {
    process.env.API_BASE_URL = 'https://api.example.com';
    for (const url of ['https://cdn.example.com/a.jpg', '//cdn.example.com/a.jpg', 'data:image/png;base64,AA', 'wxfile://tmp_1.jpg']) {
      expect(mediaUrl(url)).toBe(url);
    }
  });

  it('keeps paths relative to the page on H5 without an API origin, and answers undefined for no picture', () => {
    delete process.env.API_BASE_URL;
    expect(mediaUrl('/demo-images/noodles.jpg')).toBe('/demo-images/noodles.jpg');
    expect(mediaUrl('')).toBeUndefined();
    expect(mediaUrl(undefined)).toBeUndefined();
  });
});
