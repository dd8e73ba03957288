import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenValues, tokens } from './tokens';

const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

function declarations(): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of css.matchAll(/(--gs-[\w-]+)\s*:\s*([^;]+);/g)) {
    map.set(match[1]!, match[2]!.trim());
  }
  return map;
}

const declared = declarations();

function resolve(value: string): string {
  const reference = /^var\((--gs-[\w-]+)\)$/.exec(value);
  if (!reference) return value;
  const target = declared.get(reference[1]!);
  if (target === undefined) throw new Error(`${reference[1]} is not declared in tokens.css`);
  return resolve(target);
}

function leaves(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(leaves);
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('design tokens', () => {
  it('every token the typed object names is declared in tokens.css', () => {
    for (const reference of leaves(tokens)) {
      expect(() => resolve(reference)).not.toThrow();
    }
  });

  it('the resolved values for non-CSS consumers match tokens.css', () => {
    const pairs: Array<[string, string]> = [
      [tokenValues.color.brand, 'var(--gs-color-brand)'],
      [tokenValues.color.brandHover, 'var(--gs-color-brand-hover)'],
      [tokenValues.color.text, 'var(--gs-color-text)'],
      [tokenValues.color.textMuted, 'var(--gs-color-text-muted)'],
      [tokenValues.color.surface, 'var(--gs-color-surface)'],
      [tokenValues.color.border, 'var(--gs-color-border)'],
      [tokenValues.color.danger, 'var(--gs-color-danger)'],
      [tokenValues.color.success, 'var(--gs-color-success)'],
      [tokenValues.radius.md, 'var(--gs-radius-md)'],
    ];
    for (const [value, reference] of pairs) expect(resolve(reference)).toBe(value);
  });

  it('uses system fonts only (the site works offline)', () => {
    expect(css).not.toMatch(/@font-face|@import|url\(/);
    expect(resolve('var(--gs-font-sans)')).toMatch(/system-ui/);
  });

  // jsdom cannot compute colour contrast, so axe in Jest skips it: check the pairs the
  // components actually use against WCAG AA (4.5:1 for text).
  it.each([
    ['color-text', 'color-surface'],
    ['color-text', 'color-bg'],
    ['color-text-secondary', 'color-surface'],
    ['color-text-muted', 'color-surface'],
    ['color-text-muted', 'color-bg'],
    ['color-text-subtle', 'color-surface'],
    ['color-on-brand', 'color-brand'],
    ['color-on-brand', 'color-brand-hover'],
    ['color-brand-text', 'color-surface'],
    ['color-brand-text', 'color-brand-subtle'],
    ['color-text-inverse', 'color-danger'],
    ['color-text-inverse', 'color-danger-hover'],
    ['color-danger-text', 'color-surface'],
    ['color-text-secondary', 'color-danger-subtle'],
    ['color-text-secondary', 'color-warning-subtle'],
    ['color-text-secondary', 'color-success-subtle'],
    ['color-text-secondary', 'color-info-subtle'],
    ['success-700', 'success-50'],
    ['warning-700', 'warning-50'],
    ['danger-700', 'danger-50'],
    ['info-700', 'info-50'],
    ['brand-700', 'brand-50'],
    ['gray-700', 'gray-50'],
    ['gray-0', 'info-700'],
    ['gray-0', 'success-700'],
    ['gray-0', 'warning-700'],
    ['gray-0', 'gray-700'],
  ])('--gs-%s on --gs-%s reaches 4.5:1', (foreground, background) => {
    const ratio = contrast(resolve(`var(--gs-${foreground})`), resolve(`var(--gs-${background})`));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
