import { supportEmail } from '../../lib/site-settings';

/** The support address as a mail link: what "contacta con soporte" points at. */
export function SupportLink() {
  const email = supportEmail();
  return <a href={`mailto:${email}`}>{email}</a>;
}
