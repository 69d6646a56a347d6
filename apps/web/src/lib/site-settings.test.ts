import { afterEach, describe, expect, it } from 'vitest';
import { supportEmail } from './site-settings';

afterEach(() => document.head.querySelectorAll('meta[name="magotips:support-email"]').forEach((m) => m.remove()));

describe('supportEmail', () => {
  it("reads the address the server wrote into the page (SUPPORT_EMAIL)", () => {
    const meta = document.createElement('meta');
    meta.name = 'magotips:support-email';
    meta.content = 'ayuda@magotips.com';
    document.head.append(meta);
    expect(supportEmail()).toBe('ayuda@magotips.com');
  });

  it("falls back to soporte@ the site's domain", () => {
    expect(supportEmail()).toBe(`soporte@${window.location.hostname.replace(/^www\./, '')}`);
  });
});
