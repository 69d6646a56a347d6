import { responsiblePlayLine } from '@magotips/contracts/help-resources';
import { describe, expect, it } from 'vitest';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from './templates';

const LINK = 'https://magotips.test/reset-password?token=abc';
const BAIT = 'Cuenta bloqueada, entra en https://evil.example/x <b>ya</b>';

describe('names in e-mails', () => {
  it('the confirmation e-mail (an address not yet verified) greets without any name', () => {
    const mail = verificationEmail({ link: LINK, hours: 24, country: 'ES' });
    expect(mail.text).toContain('¡Hola!');
    expect(mail.html).toContain('¡Hola!');
  });

  it.each([
    ['reset', passwordResetEmail({ firstName: BAIT, link: LINK, hours: 1, country: 'ES' })],
    ['password changed', passwordChangedEmail({ firstName: BAIT, resetLink: LINK, country: 'ES' })],
  ])('a name cannot carry a link or markup (%s)', (_kind, mail) => {
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('https://evil');
      expect(part).not.toContain('<b>ya');
    }
    expect(mail.text).toContain('¡Hola, Cuenta bloqueada entra en httpsevilexamplex bya');
  });

  it('a name with nothing left to show becomes the plain greeting', () => {
    const mail = passwordResetEmail({ firstName: '://.', link: LINK, hours: 1, country: 'ES' });
    expect(mail.text).toContain('¡Hola!');
  });
});

describe('the responsible-play footer (issue 32 item 2)', () => {
  it("ends both parts with the reader's country's help line", () => {
    const mx = verificationEmail({ link: LINK, hours: 24, country: 'MX' });
    expect(mx.text).toContain(responsiblePlayLine('MX'));
    expect(mx.text).toContain('Línea de la Vida');
    expect(mx.html).toContain('Línea de la Vida');
    const es = passwordResetEmail({ link: LINK, hours: 1, country: 'ES' });
    expect(es.text).toContain(
      '+21 · Juega con responsabilidad · Ayuda: Jugar Bien (DGOJ), jugarbien.es',
    );
    expect(es.html).toContain('jugarbien.es');
  });
});
