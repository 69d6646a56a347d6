import { creditsDocument } from './credits-content';
import { disclaimerDocument } from './disclaimer-content';
import type { LegalDocument } from './legal-document';
import { privacyDocument } from './privacy-content';
import { termsDocument } from './terms-content';

/** Tab order of /docs; privacy first because it is the default document. */
export const DOCS_TABS: readonly LegalDocument[] = [
  privacyDocument,
  termsDocument,
  disclaimerDocument,
  creditsDocument,
];

/**
 * The document a location hash points at. Links written by hand ("#Terminos") still land on
 * the right tab; anything unknown or missing shows privacy, as SPEC.md asks.
 */
export function docsTabFromHash(hash: string): LegalDocument {
  const id = hash.replace(/^#/, '').toLowerCase();
  return DOCS_TABS.find((doc) => doc.id === id) ?? privacyDocument;
}
