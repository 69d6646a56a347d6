// The one serialisation that the ledger hashes and signs (the proof issue): anyone can rebuild it
// from an entry's values in any language, so it must not depend on key order or spacing.

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does) at every
 * depth and no whitespace. Numbers must be safe integers: decimals (odds) travel as text, so
 * that no language's float printing can change a hash. Keys whose value is undefined are left
 * out, as JSON.stringify does.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean')
    return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new Error(`canonicalJson: solo enteros seguros (recibido ${value})`);
    return String(value);
  }
  // Plain loops and one string: a verifier serialises every entry of the ledger (100 000 and
  // more), and map/filter/join allocated a third of its time.
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += canonicalJson(value[i] as JsonValue);
    }
    return `${out}]`;
  }
  const object = value as { readonly [key: string]: JsonValue | undefined };
  const keys = Object.keys(object).sort();
  let out = '{';
  for (const key of keys) {
    const item = object[key];
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}
