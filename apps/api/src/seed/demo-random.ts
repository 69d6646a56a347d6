// The demo's seeded randomness: the same draws on every platform, never Math.random.

/** mulberry32: small, fast and the same on every platform. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Rng = () => number;
export const oneOf = <T>(rng: Rng, list: readonly T[]): T =>
  list[Math.floor(rng() * list.length)] as T;
export function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [value, w] of table) {
    x -= w;
    if (x < 0) return value;
  }
  return (table.at(-1) as readonly [T, number])[0];
}
export function twoOf(rng: Rng, list: readonly string[]): [string, string] {
  const a = oneOf(rng, list);
  let b = oneOf(rng, list);
  while (b === a) b = oneOf(rng, list);
  return [a, b];
}
