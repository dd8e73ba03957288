// Pictures drawn here instead of fetched: profile colour gradients with initials, a few
// deterministic shapes, no network. Pure functions of (kind, id, name, colour).

export type PictureStyle = 'portrait' | 'show' | 'cover' | 'category';

export interface PictureInput {
  style: PictureStyle;
  id: number;
  name: string;
  color: string;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function initials(name: string): string {
  const words = name
    .replace(/^the\s+/i, '')
    .split(/[\s-]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words
    .slice(0, 2)
    .map((word) => [...word.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

function hexToHsl(hex: string): [number, number, number] {
  const value = /^#[0-9a-f]{6}$/i.test(hex) ? hex : '#4f46e5';
  const r = parseInt(value.slice(1, 3), 16) / 255;
  const g = parseInt(value.slice(3, 5), 16) / 255;
  const b = parseInt(value.slice(5, 7), 16) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

/** HSL (degrees, percents) to #rrggbb: plain hex works in every SVG renderer. */
function hsl(h: number, s: number, l: number): string {
  const clamp = (n: number) => Math.max(0, Math.min(100, n)) / 100;
  const sat = clamp(s);
  const light = clamp(l);
  const hue = (((h % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const x = chroma * (1 - Math.abs((hue % 2) - 1));
  const [r, g, b] =
    hue < 1
      ? [chroma, x, 0]
      : hue < 2
        ? [x, chroma, 0]
        : hue < 3
          ? [0, chroma, x]
          : hue < 4
            ? [0, x, chroma]
            : hue < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = light - chroma / 2;
  const channel = (value: number) =>
    Math.round((value + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** Small deterministic sequence from the id, for shape placement. */
function sequence(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bubbles(next: () => number, width: number, height: number, count: number): string {
  return Array.from({ length: count }, () => {
    const cx = Math.round(next() * width);
    const cy = Math.round(next() * height);
    const r = Math.round((0.08 + next() * 0.22) * Math.min(width, height));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${(0.05 + next() * 0.1).toFixed(2)}"/>`;
  }).join('');
}

/** A row of rounded bars like a sound wave (shows and covers). */
function soundWave(
  next: () => number,
  x: number,
  y: number,
  width: number,
  height: number,
): string {
  const bars = 24;
  const step = width / bars;
  return Array.from({ length: bars }, (_, index) => {
    const h = Math.max(
      step,
      Math.round(height * (0.2 + 0.8 * Math.abs(Math.sin(index / 2.2)) * (0.5 + next() / 2))),
    );
    return `<rect x="${Math.round(x + index * step)}" y="${Math.round(y + (height - h) / 2)}" width="${Math.round(step * 0.55)}" height="${h}" rx="${Math.round(step * 0.27)}" fill="#fff" fill-opacity="0.35"/>`;
  }).join('');
}

export function drawPicture({ style, id, name, color }: PictureInput): string {
  const [h, s, l] = hexToHsl(color);
  const from = hsl(h, s, l);
  const to = hsl(h + 25, s * 0.9, Math.max(18, l - 20));
  const next = sequence(id);
  const [width, height] = style === 'cover' ? [1200, 400] : [400, 400];
  const label = escapeXml(initials(name));
  const title = escapeXml(name);

  let art: string;
  if (style === 'cover') {
    art = bubbles(next, width, height, 6) + soundWave(next, 120, 120, 960, 160);
  } else if (style === 'show') {
    art =
      bubbles(next, width, height, 4) +
      soundWave(next, 60, 250, 280, 90) +
      `<text x="200" y="190" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="120" font-weight="700" fill="#fff">${label}</text>`;
  } else if (style === 'category') {
    art =
      bubbles(next, width, height, 7) +
      `<text x="200" y="200" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="160" font-weight="700" fill="#fff" fill-opacity="0.9">${label.slice(0, 1)}</text>`;
  } else {
    art =
      bubbles(next, width, height, 5) +
      `<text x="200" y="200" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="150" font-weight="700" fill="#fff">${label}</text>`;
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    art +
    `</svg>`
  );
}

/** A stable colour for things without one (users), from their id. */
export function colorFromId(id: number): string {
  const palette = [
    '#4f46e5',
    '#0ea5e9',
    '#10b981',
    '#f59e0b',
    '#ef4444',
    '#8b5cf6',
    '#ec4899',
    '#14b8a6',
  ];
  return palette[id % palette.length] ?? '#4f46e5';
}
