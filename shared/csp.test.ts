import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from './csp.js';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('CONTENT_SECURITY_POLICY', () => {
  it('lets images load over https (a clicked chat-reply image), never plain http', () => {
    expect(directive(CONTENT_SECURITY_POLICY, 'img-src')).toBe("img-src 'self' data: studio-media: https:");
  });

  it('opens the web to images only: scripts, media and connections stay on our origins', () => {
    for (const name of ['default-src', 'script-src', 'style-src', 'media-src', 'connect-src']) {
      expect(directive(CONTENT_SECURITY_POLICY, name)).not.toMatch(/https?:/);
    }
  });

  it('keeps img-src unchanged in the dev policy', () => {
    expect(directive(devContentSecurityPolicy('http://localhost:5173'), 'img-src')).toBe(directive(CONTENT_SECURITY_POLICY, 'img-src'));
  });
});
