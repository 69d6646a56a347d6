import { describe, expect, it } from 'vitest';
import { publishAudienceText } from './alerts';

// Issue 29 item 15f: the words of the question before a tip's first publication.
describe('publishAudienceText', () => {
  it.each([
    [
      { category: 'free', readers: 0, when: null, late: false },
      'Se publicará para todos y se avisará a 0 lectores.',
    ],
    [
      { category: 'free', readers: 1, when: null, late: false },
      'Se publicará para todos y se avisará a 1 lector.',
    ],
    [
      { category: 'premium', readers: 40, when: null, late: false },
      'Se publicará para los suscriptores VIP y se avisará a 40 lectores.',
    ],
    [
      { category: 'free', readers: 3, when: '20 may 2099, 18:30', late: false },
      'Se publicará el 20 may 2099, 18:30 para todos y se avisará a 3 lectores.',
    ],
    [
      { category: 'premium', readers: null, when: null, late: false },
      'Se publicará para los suscriptores VIP y se avisará a los lectores con los avisos activados.',
    ],
    [
      { category: 'free', readers: 9, when: null, late: true },
      'Se publicará para todos. El partido ya ha empezado: no se avisará a nadie.',
    ],
  ] as const)('%j', (input, text) => {
    expect(publishAudienceText(input)).toBe(text);
  });
});
