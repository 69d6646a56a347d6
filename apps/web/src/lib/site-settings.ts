/**
 * Settings of this deployment that the server writes into every page (apps/api/src/plugins/
 * web-client.ts), read from the document rather than baked into a build.
 */
const SUPPORT_EMAIL_META = 'magotips:support-email';

/** Where support answers (SUPPORT_EMAIL). Without the server's page (the Vite dev server, tests)
 * it is DESIGN.md's default: soporte@ the site's domain. */
export function supportEmail(doc: Document = document): string {
  const fromServer = doc.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_EMAIL_META}"]`)?.content.trim();
  if (fromServer) return fromServer;
  return `soporte@${doc.location.hostname.replace(/^www\./, '')}`;
}
