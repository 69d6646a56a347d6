import { describe, expect, it } from 'vitest';
import { messageHasLink } from './gift-message-links';

describe('messageHasLink', () => {
  it.each([
    'mira http://example.com',
    'HTTPS://magotips.evil/login',
    'ftp://files.example',
    'entra en www.ejemplo',
    'WWW.EJEMPLO.ES',
    'example.com',
    'visita ejemplo.es/x ya',
    'ana@correo.es',
    'mailto:ana',
    'pásate por bit.ly/abc',
    'пример.рф',
    'servidor 192.168.0.1',
    // Obfuscations a reader would still see as a link.
    'ｅｘａｍｐｌｅ．ｃｏｍ',
    'ｈｔｔｐｓ：／／x',
    'example。com',
    'example｡com',
    'example\u2024com',
    'exa\u200Bmple.\u200Bcom',
    'ana＠correo．es',
    '𝐞𝐱𝐚𝐦𝐩𝐥𝐞.𝐜𝐨𝐦',
  ])('refuses %j', (text) => {
    expect(messageHasLink(text)).toBe(true);
  });

  it.each([
    '',
    '¡Feliz cumpleaños! Que aciertes mucho.',
    'Hola. Adiós. Nos vemos a las 10.30h',
    'Te debo 3.5 euros y 1.000 abrazos',
    '¡Por tu 1.er año! Y por los 2.os puestos.',
    'Bueno... vale',
    'Bueno...vale',
    'Con cariño, @ana',
    'Col·legi de l·lusions',
    'Línea uno\nLínea dos',
    'Vamos 2-1, ¡a por ellos!',
  ])('accepts %j', (text) => {
    expect(messageHasLink(text)).toBe(false);
  });
});
