// Plain functions, no Zod: the gift e-mail checks stored messages with the same rule.

/**
 * Whether a gift message holds anything a mail client would make clickable (issue 29, item 2;
 * decision 0083). A gift e-mail goes to any address the buyer types, so a link in it would be
 * ours to answer for: the rule is deliberately wider than any one client's linkifier.
 */
export function messageHasLink(text: string): boolean {
  const seen = normalizeForLinks(text);
  return LINK_PATTERNS.some((pattern) => pattern.test(seen));
}

/**
 * What a client would read once it folds look-alikes: NFKC turns fullwidth and styled letters
 * into plain ones (ｅｘａｍｐｌｅ．ｃｏｍ → example.com, ＠ → @, ：／／ → ://); the ideographic
 * full stops that IDNA also reads as dots become dots; invisible characters that could split a
 * word for our check but not for the reader go away.
 */
function normalizeForLinks(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u3002\uFF61\u2024\u2027\u06D4\u0701\u0702\u2E3C]/g, '.')
    .replace(/[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g, '')
    .toLowerCase()
    .replace(SPANISH_ORDINALS, ' ');
}

// "1.er", "2.os", "3.as" are Spanish ordinals, not domains; they would trip the bare-domain rule.
const SPANISH_ORDINALS = /(?<![\p{L}\p{N}_.-])\d+\.(?:er|os|as)(?![\p{L}\p{N}])/gu;

const LINK_PATTERNS: readonly RegExp[] = [
  // Any scheme followed by "//": http://, https://, ftp://…
  /[a-z][a-z0-9+.-]*:\/\//u,
  /mailto:/u,
  /www\./u,
  // A bare domain, an e-mail's domain included: a label, a dot and two letters or more right
  // after it (example.com, ejemplo.es/x, ana@correo.es, пример.рф). Prose puts a space after a
  // full stop, so this only refuses text glued across a dot ("hola.adiós"), which is the shape
  // a client links.
  /[\p{L}\p{N}_-]\.\p{L}{2,}/u,
  // An IPv4 address.
  /\d{1,3}(?:\.\d{1,3}){3}/u,
];
