// @vitest-environment node
// Rendered by the build in Node, where no window, document or storage exists.
import { describe, expect, it } from 'vitest';
import { renderVisitorLanding } from './visitor-landing';

describe('the visitor landing rendered at build time', () => {
  const html = renderVisitorLanding();

  it("draws the first screen a visitor gets: the header's account links and the hero", () => {
    expect(html).toMatch(/^<div class="app-shell">/);
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/register"');
    expect(html).toContain('El mago de los pronósticos deportivos</h1>');
    expect(html).toContain('class="hero__pitch"');
  });

  it('keeps the footer after the whole landing and its reads as their loading state', () => {
    expect(html.indexOf('class="site-footer"')).toBeGreaterThan(html.indexOf('id="faq-title"'));
    expect(html).toContain('Cargando tips...');
  });

  it('carries no <title> (the document has one) and no session-dependent part', () => {
    expect(html).not.toContain('<title>');
    expect(html).not.toContain('href="/panel"');
  });
});
