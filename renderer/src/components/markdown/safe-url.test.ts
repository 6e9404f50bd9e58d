import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.js';

describe('safeUrl', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
  ])('keeps the link %j', (url, kept) => {
    expect(safeUrl(url, 'href')).toBe(kept);
  });

  it.each([
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' java\tscript:alert(1)', '\u0001javascript:alert(1)', 'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'studio-media://x', '/settings', '#top', '//evil.example', '',
  ])('drops the link %j', (url) => {
    expect(safeUrl(url, 'href')).toBeNull();
  });

  it('keeps only https image sources', () => {
    expect(safeUrl('https://img.example/a.png', 'src')).toBe('https://img.example/a.png');
    for (const url of ['http://img.example/a.png', 'data:image/png;base64,AAAA', 'mailto:a@b.example', 'javascript:alert(1)']) {
      expect(safeUrl(url, 'src')).toBeNull();
    }
  });

  it('drops every other URL attribute', () => {
    expect(safeUrl('https://example.com', 'cite')).toBeNull();
    expect(safeUrl('https://example.com', 'action')).toBeNull();
  });
});
