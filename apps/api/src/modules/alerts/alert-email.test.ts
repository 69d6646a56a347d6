import { describe, expect, it } from 'vitest';
import { responsiblePlayLine } from '@magotips/contracts/help-resources';
import { kickOffText } from '@magotips/contracts/kick-off-text';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { type AlertTip, tipAlertEmail } from './alert-email';

const tip: AlertTip = {
  id: 'abc',
  title: 'Lakers vs. <Celtics>',
  icon: 'basketball',
  category: 'premium',
  matchDate: new Date('2031-07-04T18:30:00Z'),
  pick: 'Lakers -4,5',
  oddsCents: 210,
  stake: 4,
};
const links = {
  tipUrl: 'https://m.test/tip/abc',
  unsubscribeUrl: 'https://m.test/avisos/baja?token=t',
  // Readers from before the choice: Spain's clock and help (decision 0114).
  country: 'ES',
  timeZone: 'Europe/Madrid',
} as const;

describe('the alert e-mail', () => {
  it("writes the kick-off in Spain's time (summer time too) and the odds with a comma", () => {
    const mail = tipAlertEmail({ tip, firstName: 'Ana', showBet: true, ...links });
    expect(kickOffText(tip.matchDate)).toBe('viernes, 4 de julio, 20:30 (hora de España)');
    expect(mail.text).toContain(`Partido: ${kickOffText(tip.matchDate)}.`);
    expect(mail.text).toContain('cuota 2,10');
  });

  it('an entitled reader reads the bet; anyone else a teaser without it', () => {
    const full = tipAlertEmail({ tip, firstName: 'Ana', showBet: true, ...links });
    expect(full.subject).toBe('Baloncesto · Lakers vs. <Celtics>');
    expect(full.text).toContain('Pronóstico: Lakers -4,5 · cuota 2,10 · stake 4 u');
    const teaser = tipAlertEmail({ tip, firstName: 'Ana', showBet: false, ...links });
    for (const part of [teaser.text, teaser.html]) {
      expect(part).not.toContain('Lakers -4,5');
      expect(part).not.toContain('2,10');
    }
    expect(teaser.text).toContain('suscriptores VIP');
  });

  it('escapes the title in the HTML part and carries both links', () => {
    const mail = tipAlertEmail({ tip, firstName: 'Ana', showBet: true, ...links });
    expect(mail.html).toContain('Lakers vs. &lt;Celtics&gt;');
    expect(mail.html).not.toContain('<Celtics>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(links.tipUrl);
      expect(part).toContain(links.unsubscribeUrl);
    }
  });

  // Issue 32 item 5: under the tip's lines, in both parts, whoever reads it and whatever it is.
  it('says past results guarantee nothing, in both parts, bet or teaser, sample or not', () => {
    for (const showBet of [true, false])
      for (const sample of [true, false]) {
        const mail = tipAlertEmail({ tip, firstName: 'Ana', showBet, sample, ...links });
        expect(mail.text).toMatch(new RegExp(`\\n${PAST_RESULTS_NOTICE}\\.\\n\\nVer el tip:`));
        expect(mail.html).toContain(`${PAST_RESULTS_NOTICE}.`);
      }
  });
});

describe("the alert e-mail in the reader's zone (issue 32 items 1 and 2)", () => {
  it("writes the kick-off in the reader's zone, named, and ends with their country's help line", () => {
    const mail = tipAlertEmail({
      tip,
      firstName: 'Ana',
      showBet: true,
      ...links,
      country: 'MX',
      timeZone: 'America/Mexico_City',
    });
    expect(mail.text).toContain('Partido: viernes, 4 de julio, 12:30 (hora de Ciudad de México).');
    expect(mail.text).toContain(responsiblePlayLine('MX'));
    expect(mail.html).toContain('Línea de la Vida');
    expect(mail.text).not.toContain('hora de España');
  });
});
