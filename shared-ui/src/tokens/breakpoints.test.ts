import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { breakpoints, media, viewports } from './tokens';

const root = join(__dirname, '..', '..', '..');
const css = readFileSync(join(__dirname, 'breakpoints.css'), 'utf8');
const customMedia = new Map(
  [...css.matchAll(/@custom-media\s+(--gs-[\w-]+)\s+([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
);

/** Every workspace of the project with sources: a new package is checked without a change here. */
const packages = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces.filter((name) => existsSync(join(root, name, 'src')));

/** Every CSS file under `dir` (not builds or dependencies). */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'storybook-static'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('breakpoints', () => {
  it('the typed media queries are the ones breakpoints.css names', () => {
    expect(Object.fromEntries(customMedia)).toEqual({
      '--gs-phone': media.phone,
      '--gs-tablet-up': media.tabletUp,
      '--gs-below-desktop': media.belowDesktop,
      '--gs-desktop-up': media.desktopUp,
      '--gs-touch': media.touch,
    });
  });

  it('Storybook shows a phone below the phone breakpoint and a desktop above the desktop one', () => {
    expect(parseInt(viewports.phone.styles.width, 10)).toBeLessThan(breakpoints.phone);
    expect(parseInt(viewports.tablet.styles.width, 10)).toBeGreaterThanOrEqual(breakpoints.phone);
    expect(parseInt(viewports.tablet.styles.width, 10)).toBeLessThan(breakpoints.desktop);
    expect(parseInt(viewports.desktop.styles.width, 10)).toBeGreaterThanOrEqual(
      breakpoints.desktop,
    );
  });

  it('no CSS file writes a width of its own in a media query (only the --gs-* names)', () => {
    const offenders = packages
      .flatMap((name) => cssFiles(join(root, name, 'src')))
      .filter((file) => !file.endsWith('breakpoints.css'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/@media[^{]*\{/g)]
          .map((match) => match[0])
          .filter((query) => /width|height|pointer|hover/.test(query))
          .map((query) => `${relative(root, file)}: ${query}`),
      );
    expect(offenders).toEqual([]);
  });

  it('every --gs-* name a CSS file uses is declared', () => {
    const used = packages
      .flatMap((name) => cssFiles(join(root, name, 'src')))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/@media[^{]*\((--gs-[\w-]+)\)/g)])
      .map((match) => match[1]!);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !customMedia.has(name))).toEqual([]);
  });
});
