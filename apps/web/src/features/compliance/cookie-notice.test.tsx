import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CookieNotice } from './cookie-notice';

describe('CookieNotice', () => {
  it('explains necessary-only storage and links the privacy policy in a new tab', () => {
    render(<CookieNotice />);

    const notice = screen.getByRole('complementary', { name: 'Aviso de cookies' });
    expect(notice).toHaveTextContent(/necesarios para que el sitio funcione/);
    // Decision 0118: the first-party origin cookie is announced too.
    expect(notice).toHaveTextContent(
      /guardamos de dónde vienes durante 30 días en una cookie propia/,
    );
    const link = screen.getByRole('link', { name: /Política de privacidad/ });
    expect(link).toHaveAttribute('href', '/privacidad');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps its height free at the bottom of the page while it shows (focus never hides under it)', async () => {
    const user = userEvent.setup();
    render(<CookieNotice />);
    expect(document.documentElement.style.getPropertyValue('--cookie-bar-height')).toMatch(
      /^\d+px$/,
    );
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(document.documentElement.style.getPropertyValue('--cookie-bar-height')).toBe('');
  });

  it('goes away for good once dismissed', async () => {
    const user = userEvent.setup();
    const first = render(<CookieNotice />);

    await user.click(screen.getByRole('button', { name: 'Entendido' }));

    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cookieNoticeAccepted')).toBe('true');
    first.unmount();
    render(<CookieNotice />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
