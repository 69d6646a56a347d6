import { describe, expect, it } from 'vitest';
import { audienceHelpLine } from './help-resources';
import { AGE_AND_RESPONSIBLE_PLAY, PAST_RESULTS_NOTICE } from './responsible-play';
import { TELEGRAM_MSG } from './telegram';
import { VIP_GROUP_MSG } from './vip-group';

describe('responsible play texts', () => {
  it('are the issue’s words', () => {
    expect(PAST_RESULTS_NOTICE).toBe('Los resultados pasados no garantizan resultados futuros');
    expect(AGE_AND_RESPONSIBLE_PLAY).toBe('+21 · Juega con responsabilidad');
  });

  // Issue 32 item 6: the bot's first words in a chat (/start, a link) and in the VIP group's
  // private messages end on the age line, whichever answer it is.
  // Issue 32 item 2: then the help resources of the audience (decision 0115).
  it('every bot message ends with +21 · Juega con responsabilidad and where to find help', () => {
    const texts = [
      ...Object.values(TELEGRAM_MSG.bot),
      VIP_GROUP_MSG.invite('https://t.me/+abc'),
      VIP_GROUP_MSG.removed,
    ];
    for (const text of texts) {
      expect(text.endsWith(`\n\n${audienceHelpLine()}`)).toBe(true);
      expect(audienceHelpLine().startsWith(AGE_AND_RESPONSIBLE_PLAY)).toBe(true);
    }
  });
});
