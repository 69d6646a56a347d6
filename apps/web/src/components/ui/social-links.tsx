import { SOCIAL_LINKS, type SocialNetwork } from '../../lib/social-links';
import './social-links.css';

const ICON_PATHS: Record<SocialNetwork, string> = {
  tiktok: 'M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.6 2.4 4.4 5 4.6',
  twitch: 'M5 3h15v11l-4 4h-4l-3 3v-3H5ZM11 8v4M15 8v4',
  telegram: 'M21 4 3 11l6 2.5L18 7l-6.5 8v5l3.2-3.5L18 19Z',
  whatsapp:
    'M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4ZM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.6-2-1-1 .9a5 5 0 0 1-2.3-2.3l.9-1-1-2Z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[network]} />
    </svg>
  );
}

const NEW_TAB_HINT = '(se abre en una pestaña nueva)';

type SocialLinksProps = {
  /** `icons` for the footer row; `cards` shows each channel's name and what it is for. */
  variant: 'icons' | 'cards';
};

export function SocialLinks({ variant }: SocialLinksProps) {
  return (
    <ul className={`social-links social-links--${variant}`}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network}>
          {variant === 'icons' ? (
            <a
              className={`social-link social-link--${link.network}`}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${link.name}: ${link.purpose} ${NEW_TAB_HINT}`}
              title={link.name}
            >
              <SocialIcon network={link.network} />
            </a>
          ) : (
            <a
              className={`social-card social-link--${link.network}`}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span className="social-card__icon">
                <SocialIcon network={link.network} />
              </span>
              <span className="social-card__text">
                <span className="social-card__name">{link.name}</span>
                <span className="social-card__purpose">{link.purpose}</span>
              </span>
              <span className="visually-hidden">{NEW_TAB_HINT}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
