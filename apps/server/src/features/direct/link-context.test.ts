import { describe, expect, it } from 'vitest';
import { idToShortcode } from '../../platform/shortcodes.js';
import { ownTarget, parseLinkUrl, plainContext } from './link-context.js';

const OWN = 'https://shutter.example';

describe('links in messages', () => {
  it('takes absolute http and https addresses only, without credentials', () => {
    expect(parseLinkUrl('https://example.org/a?b=1#c')?.href).toBe('https://example.org/a?b=1#c');
    expect(parseLinkUrl('http://example.org')?.hostname).toBe('example.org');
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'ftp://example.org/', 'example.org', '//example.org/x',
      '/p/abc/', 'https://bank.example@evil.example/', 'https://user:pass@example.org/', `https://example.org/${'a'.repeat(2048)}`, 'http://', '']) {
      expect(parseLinkUrl(bad), bad).toBeNull();
    }
  });

  it("knows this service's posts and profiles by path, and nothing of other origins", () => {
    const code = idToShortcode('123456789012345');
    const url = (path: string, origin = OWN) => parseLinkUrl(`${origin}${path}`)!;
    expect(ownTarget(url(`/p/${code}/`), OWN)).toEqual({ kind: 'post', mediaId: '123456789012345' });
    expect(ownTarget(url(`/tv/${code}`), OWN)).toEqual({ kind: 'post', mediaId: '123456789012345' });
    expect(ownTarget(url(`/alice/p/${code}/`), OWN)).toEqual({ kind: 'post', mediaId: '123456789012345' });
    expect(ownTarget(url('/alice.b/'), OWN)).toEqual({ kind: 'profile', username: 'alice.b' });
    expect(ownTarget(url('/explore/'), OWN)).toBeNull();
    expect(ownTarget(url('/accounts/'), OWN)).toBeNull();
    expect(ownTarget(url('/alice/followers/'), OWN)).toBeNull();
    expect(ownTarget(url('/p/not*a*code/'), OWN)).toBeNull();
    expect(ownTarget(url(`/p/${code}/`, 'https://other.example'), OWN)).toBeNull();
    expect(ownTarget(url(`/p/${code}/`, 'http://shutter.example'), OWN)).toBeNull();
  });

  it("another site's link shows its host and nothing fetched", () => {
    expect(plainContext(parseLinkUrl('https://news.example.org/story/1')!)).toEqual({
      link_url: 'https://news.example.org/story/1', link_title: 'news.example.org', link_summary: null, link_image_url: null,
    });
  });
});
