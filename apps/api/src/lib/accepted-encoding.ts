/** The compression a client accepts that we send pre-compressed bodies in: Brotli, else gzip,
 * else none. A coding listed with `q=0` is refused, as RFC 9110 says. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let gzip = false;
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name.trim() === 'br') return 'br';
    if (name.trim() === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}
