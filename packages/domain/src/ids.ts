const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A unique id of 12 random base-36 characters. */
export function uniqueId(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  const out: string[] = [];
  while (out.length < 12) {
    for (const byte of random(new Uint8Array(16))) {
      // 252 = 36 * 7: reject the top values so every character is equally likely.
      if (byte < 252 && out.length < 12) out.push(BASE36[byte % 36] as string);
    }
  }
  return out.join('');
}
