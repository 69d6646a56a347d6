import { REFERRAL_TEXT } from '@magotips/contracts/referrals';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/api-double';
import { openAccount, referralsMe } from './testing/open-account';

const ME = 'GET /referrals/me';
const card = () => screen.getByRole('region', { name: REFERRAL_TEXT.cardTitle });
const linkField = () => within(card()).findByRole('textbox', { name: REFERRAL_TEXT.linkLabel });
/** The value beside a label of the card's counts. */
const count = (label: string) =>
  within(card()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  // The share sheet is added by some tests only; the files share one window (isolation off).
  Reflect.deleteProperty(navigator, 'share');
});

describe('Invita a un amigo', () => {
  it('holds the loaded shape while loading, then shows the link read-only', async () => {
    let answer: (response: Response) => void = () => undefined;
    await openAccount({ [ME]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(within(card()).getByRole('status')).toHaveTextContent(REFERRAL_TEXT.loading);
    expect(within(card()).queryByRole('textbox')).toBeNull();
    // The skeleton is the loaded card's parts, hidden from assistive technology.
    expect(card().querySelector('.referral-card__skeleton')).toHaveAttribute('aria-hidden', 'true');

    answer(json(referralsMe()));
    const field = await linkField();
    expect(field).toHaveValue('https://magotips.test/?ref=abcd2345');
    expect(field).toHaveAttribute('readonly');
    expect(card().querySelector('.referral-card__skeleton')).toBeNull();
    expect(count(REFERRAL_TEXT.signedUp)).toBe('0');
    expect(count(REFERRAL_TEXT.paid)).toBe('0');
    expect(within(card()).getByText(REFERRAL_TEXT.noRewards)).toBeVisible();
    expect(within(card()).getByText(REFERRAL_TEXT.yearCount(0))).toBeVisible();
    expect(within(card()).queryByText(REFERRAL_TEXT.capReached)).toBeNull();
  });

  it('says when it failed, and Reintentar asks again', async () => {
    let fail = true;
    const { ui, api } = await openAccount({
      [ME]: () =>
        fail ? apiError(500, 'Error interno del servidor', 'INTERNAL_ERROR') : json(referralsMe()),
    });
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent(REFERRAL_TEXT.loadError);
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: REFERRAL_TEXT.retry }));
    expect(await linkField()).toHaveValue('https://magotips.test/?ref=abcd2345');
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(api.callsTo(ME)).toHaveLength(2);
  });

  it('copies the link and says so in a live region, again on a second copy', async () => {
    const { ui } = await openAccount({});
    await linkField();
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    const live = card().querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live).toBeEmptyDOMElement();

    await ui.click(within(card()).getByRole('button', { name: REFERRAL_TEXT.copy }));
    expect(write).toHaveBeenCalledWith('https://magotips.test/?ref=abcd2345');
    expect(await navigator.clipboard.readText()).toBe('https://magotips.test/?ref=abcd2345');
    expect(live).toHaveTextContent(REFERRAL_TEXT.copied);
    const first = live.firstElementChild;
    await ui.click(within(card()).getByRole('button', { name: REFERRAL_TEXT.copy }));
    // A new node, so a screen reader says it again.
    expect(live.firstElementChild).not.toBe(first);
    expect(live).toHaveTextContent(REFERRAL_TEXT.copied);
  });

  it('says a refused copy failed and leaves the link selected to copy by hand', async () => {
    const { ui } = await openAccount({});
    const field = (await linkField()) as HTMLInputElement;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await ui.click(within(card()).getByRole('button', { name: REFERRAL_TEXT.copy }));
    const live = card().querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live).toHaveTextContent(REFERRAL_TEXT.copyFailed);
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
  });

  it('offers Compartir only where the browser can share', async () => {
    const { unmount } = await openAccount({});
    await linkField();
    expect(within(card()).queryByRole('button', { name: REFERRAL_TEXT.share })).toBeNull();
    unmount();

    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { ui } = await openAccount({});
    await linkField();
    await ui.click(within(card()).getByRole('button', { name: REFERRAL_TEXT.share }));
    expect(share).toHaveBeenCalledWith({
      title: REFERRAL_TEXT.cardTitle,
      text: REFERRAL_TEXT.shareText,
      url: 'https://magotips.test/?ref=abcd2345',
    });
  });

  it('shows the counts and the free months, dated in the reader’s zone', async () => {
    await openAccount(
      {
        [ME]: () =>
          json(
            referralsMe({
              signedUp: 3,
              paid: 2,
              monthsLastYear: 2,
              rewards: [
                // 21:00 on 28 February in Mexico City, already 1 March in UTC.
                { id: 'r2', months: 1, grantedAt: '2026-03-01T03:00:00.000Z', friend: 'Bea L.' },
                { id: 'r1', months: 1, grantedAt: '2026-01-10T12:00:00.000Z', friend: 'Ana G.' },
              ],
            }),
          ),
      },
      { timeZone: 'America/Mexico_City', country: 'MX' },
    );
    await linkField();
    expect(count(REFERRAL_TEXT.signedUp)).toBe('3');
    expect(count(REFERRAL_TEXT.paid)).toBe('2');
    const list = within(card()).getByRole('list', { name: REFERRAL_TEXT.rewardsTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${REFERRAL_TEXT.reward('Bea L.')}28 de febrero de 2026`,
      `${REFERRAL_TEXT.reward('Ana G.')}10 de enero de 2026`,
    ]);
    expect(within(card()).queryByText(REFERRAL_TEXT.noRewards)).toBeNull();
    expect(within(card()).getByText(REFERRAL_TEXT.yearCount(2))).toBeVisible();
    expect(within(card()).queryByText(REFERRAL_TEXT.capReached)).toBeNull();
  });

  it('says the yearly maximum is reached at 12 months, not before', async () => {
    const rewards = Array.from({ length: 12 }, (_, i) => ({
      id: `r${i}`,
      months: 1,
      grantedAt: new Date(Date.UTC(2026, i, 5)).toISOString(),
      friend: `Amigo ${i + 1}.`,
    }));
    const { unmount } = await openAccount({
      [ME]: () => json(referralsMe({ paid: 12, signedUp: 14, monthsLastYear: 11, rewards })),
    });
    await linkField();
    expect(within(card()).getByText(REFERRAL_TEXT.yearCount(11))).toBeVisible();
    expect(within(card()).queryByText(REFERRAL_TEXT.capReached)).toBeNull();
    unmount();

    await openAccount({
      [ME]: () => json(referralsMe({ paid: 12, signedUp: 14, monthsLastYear: 12, rewards })),
    });
    await linkField();
    expect(within(card()).getByText(REFERRAL_TEXT.yearCount(12))).toBeVisible();
    expect(within(card()).getByText(REFERRAL_TEXT.capReached)).toBeVisible();
  });
});
