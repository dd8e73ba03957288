/** Default size of a generated avatar, in px (the spec's Gravatar `s=100`). */
export const IDENTICON_DEFAULT_SIZE = 100;

const GRID = 5;

// Accepts the spec's `email_hash` (32 hex chars, md5). Anything else is first turned into hex
// deterministically, so a malformed hash still gives a stable picture instead of a crash.
function toHex(hash: string): string {
  const clean = hash.trim().toLowerCase();
  if (/^[0-9a-f]{20,}$/.test(clean)) return clean;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let out = '';
  for (let round = 0; out.length < 32; round += 1) {
    for (let i = 0; i < clean.length; i += 1) {
      const code = clean.charCodeAt(i) + round;
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    out += (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

/** Which cells of the 5x5 grid are filled: the left three columns decide, mirrored right. */
export function identiconCells(hash: string): boolean[][] {
  const hex = toHex(hash);
  return Array.from({ length: GRID }, (_, row) =>
    Array.from({ length: GRID }, (_, col) => {
      const sourceCol = col < 3 ? col : GRID - 1 - col;
      const nibble = parseInt(hex[sourceCol * GRID + row] ?? '0', 16);
      return nibble % 2 === 0;
    }),
  );
}

function identiconColours(hash: string) {
  const hex = toHex(hash);
  const hue = Math.round((parseInt(hex.slice(-7), 16) / 0xfffffff) * 360);
  const saturation = 45 + (parseInt(hex.slice(-9, -7), 16) % 20);
  const lightness = 42 + (parseInt(hex.slice(-11, -9), 16) % 12);
  return {
    foreground: `hsl(${hue} ${saturation}% ${lightness}%)`,
    background: `hsl(${hue} 40% 95%)`,
  };
}

/**
 * An identicon-style SVG (5x5, left-right symmetric, one colour on a tint of it) derived from an
 * md5 email hash. Generated locally: no request to an avatar service.
 */
export function identiconSvg(hash: string, size: number = IDENTICON_DEFAULT_SIZE): string {
  const cells = identiconCells(hash);
  const { foreground, background } = identiconColours(hash);
  // Wide enough a margin that the pattern survives a circular crop (inscribed square ≈ 71%).
  const padding = size * 0.16;
  const cell = (size - padding * 2) / GRID;
  const round = (value: number) => Number(value.toFixed(2));
  const rects = cells
    .flatMap((row, y) =>
      row.map((filled, x) =>
        filled
          ? `<rect x="${round(padding + x * cell)}" y="${round(padding + y * cell)}" width="${round(cell)}" height="${round(cell)}"/>`
          : '',
      ),
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="${background}"/>` +
    `<g fill="${foreground}">${rects}</g></svg>`
  );
}

/** identiconSvg as a data: URI, ready for an <img src>. */
export function identiconDataUri(hash: string, size: number = IDENTICON_DEFAULT_SIZE): string {
  return `data:image/svg+xml,${encodeURIComponent(identiconSvg(hash, size))}`;
}
