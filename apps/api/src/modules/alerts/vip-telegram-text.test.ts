import { audienceHelpLine, responsiblePlayLine } from '@magotips/contracts/help-resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlParseError, startTelegramDouble } from '../../../test/telegram-double';
import { escapeHtml } from '../mail/templates';
import { callBotApi } from '../telegram/bot-api';
import type { AlertTip } from './alert-email';
import { vipChangeText, vipPostText } from './vip-telegram-text';

const APP = 'https://magotips.com';
const BUENOS_AIRES = { country: 'AR', timeZone: 'America/Argentina/Buenos_Aires' } as const;
const tip: AlertTip = {
  id: '7d4f0c1e-0000-4000-8000-000000000001',
  title: 'Betis <B> & Sevilla',
  icon: 'football',
  category: 'premium',
  matchDate: new Date('2026-11-28T20:00:00Z'),
  pick: 'Más de 2.5 <goles> "seguro"',
  oddsCents: 1_050,
  stake: 2,
};

describe('the VIP post texts', () => {
  it("escapes the editor's text for parse_mode HTML, odds the Spanish way", () => {
    const text = vipPostText(tip, APP, null);
    expect(text).toBe(
      [
        '💎 <b>Nuevo tip VIP: Betis &lt;B&gt; &amp; Sevilla</b>',
        // The group has readers in many zones: the audience's clocks (decision 0114).
        '⚽ Fútbol · 21:00 España · 14:00 México · 15:00 Colombia/Perú · 17:00 Argentina/Chile',
        'Pronóstico: <b>Más de 2.5 &lt;goles&gt; &quot;seguro&quot;</b>',
        'Cuota: 10,50 · Stake: 2 u',
        `<a href="${APP}/tip/${tip.id}">Lee el análisis completo</a>`,
        '<i>Los resultados pasados no garantizan resultados futuros.</i>',
        escapeHtml(audienceHelpLine()),
      ].join('\n'),
    );
    expect(htmlParseError(text)).toBeNull();
  });

  it("a buyer's copy says it is of their pack, in their zone with their help; no bet, no bet lines", () => {
    const text = vipPostText(
      { ...tip, pick: null, oddsCents: null, stake: null },
      APP,
      BUENOS_AIRES,
    );
    expect(text.split('\n')).toEqual([
      '💎 <b>Tip VIP de tu pack: Betis &lt;B&gt; &amp; Sevilla</b>',
      '⚽ Fútbol · sábado, 28 de noviembre, 17:00 (hora de Buenos Aires)',
      `<a href="${APP}/tip/${tip.id}">Lee el análisis completo</a>`,
      '<i>Los resultados pasados no garantizan resultados futuros.</i>',
      escapeHtml(responsiblePlayLine('AR')),
    ]);
    expect(htmlParseError(text)).toBeNull();
    const madrid = vipPostText(tip, APP, { country: 'ES', timeZone: 'Europe/Madrid' });
    expect(madrid).toContain('sábado, 28 de noviembre, 21:00 (hora de España)');
    expect(madrid).toContain('Jugar Bien (DGOJ)');
  });

  it('a change names what changed, in a fixed order, then the tip as it stands', () => {
    const text = vipChangeText(tip, APP, ['stake', 'title', 'odds'], BUENOS_AIRES);
    expect(text.split('\n').slice(0, 2)).toEqual([
      '✏️ <b>Cambio en el tip VIP: Betis &lt;B&gt; &amp; Sevilla</b>',
      'Ha cambiado el partido, la cuota y el stake. Así queda:',
    ]);
    expect(text.split('\n').slice(-2)).toEqual([
      '<i>Los resultados pasados no garantizan resultados futuros.</i>',
      escapeHtml(responsiblePlayLine('AR')),
    ]);
    expect(text).toContain('17:00 (hora de Buenos Aires)');
    expect(vipChangeText(tip, APP, ['matchDate'], null).split('\n')[1]).toBe(
      'Ha cambiado la fecha. Así queda:',
    );
    expect(htmlParseError(text)).toBeNull();
  });
});

describe('the double refuses what Telegram refuses', () => {
  const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
  let double: Awaited<ReturnType<typeof startTelegramDouble>>;
  beforeAll(async () => {
    double = await startTelegramDouble({ token: TOKEN });
  });
  afterAll(() => double.close());
  const send = (params: Record<string, unknown>) =>
    callBotApi({ token: TOKEN, apiUrl: double.url }, 'sendMessage', { chat_id: -1001, ...params });

  it('unescaped or unknown HTML, an unknown parse_mode, a reply to a message not in the chat', async () => {
    await expect(send({ text: 'a < b', parse_mode: 'HTML' })).rejects.toThrow(
      /can't parse entities/,
    );
    await expect(send({ text: '<script>x</script>', parse_mode: 'HTML' })).rejects.toThrow(
      /Unsupported start tag "script"/,
    );
    await expect(send({ text: '<b>x', parse_mode: 'HTML' })).rejects.toThrow(/end tag/);
    await expect(send({ text: 'x', parse_mode: 'html5' })).rejects.toThrow(/parse_mode/);
    const first = (await send({ text: '<b>ok</b> &amp;', parse_mode: 'HTML' })) as {
      message_id: number;
    };
    await expect(
      send({ text: 'respuesta', reply_parameters: { message_id: first.message_id } }),
    ).resolves.toBeTruthy();
    await expect(
      callBotApi({ token: TOKEN, apiUrl: double.url }, 'sendMessage', {
        chat_id: 42,
        text: 'otro chat',
        reply_parameters: { message_id: first.message_id },
      }),
    ).rejects.toThrow(/message to be replied not found/);
    await expect(
      send({
        text: 'sin original',
        reply_parameters: { message_id: 999, allow_sending_without_reply: true },
      }),
    ).resolves.toBeTruthy();
  });
});
