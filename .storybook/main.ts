import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-webpack5';
import TerserPlugin from 'terser-webpack-plugin';
import type { Configuration } from 'webpack';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Every browser package may hold stories. A folder that does not exist yet is left out (a glob
// whose base folder is missing stops Storybook); an existing folder without stories is fine.
const packages = [
  'shared-ui',
  'shell',
  'mfe-marketplace',
  'mfe-booking',
  'mfe-account',
  'mfe-miniview',
];
const stories = packages
  .filter((name) => existsSync(join(root, name, 'src')))
  .map((name) => `../${name}/src/**/*.stories.@(ts|tsx)`);

/**
 * Storybook's own CSS rule, plus postcss-loader (postcss.config.cjs): the components' breakpoint
 * names (`@media (--gs-phone)`) become media queries here as in the site's build.
 */
function withBreakpoints(webpackConfig: Configuration) {
  for (const rule of webpackConfig.module?.rules ?? []) {
    if (!rule || typeof rule !== 'object' || !(rule.test instanceof RegExp)) continue;
    if (!rule.test.test('a.css') || !Array.isArray(rule.use)) continue;
    rule.use = [...rule.use, 'postcss-loader'];
  }
}

const config: StorybookConfig = {
  stories,
  addons: [
    '@storybook/addon-webpack5-compiler-swc',
    '@storybook/addon-a11y',
    '@storybook/addon-docs',
  ],
  framework: {
    name: '@storybook/react-webpack5',
    options: { builder: { fsCache: true } },
  },
  core: { disableTelemetry: true },
  swc: (options) => ({
    ...options,
    jsc: {
      ...options.jsc,
      parser: { syntax: 'typescript', tsx: true },
      transform: { ...options.jsc?.transform, react: { runtime: 'automatic' } },
    },
  }),
  // react-docgen (Babel-based) is much faster than react-docgen-typescript and reads our props.
  typescript: { reactDocgen: 'react-docgen' },
  webpackFinal: (webpackConfig, { configType }) => {
    withBreakpoints(webpackConfig);
    if (configType !== 'PRODUCTION') return webpackConfig;
    return {
      ...webpackConfig,
      // esbuild's minifier instead of terser (as Storybook's own --test mode does): several times
      // faster on these 2-core machines.
      optimization: {
        ...webpackConfig.optimization,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.esbuildMinify, parallel: true })],
      },
      // A component catalogue, not the product: no source maps, and bundle-size hints are noise.
      devtool: false,
      performance: { hints: false },
    };
  },
};

export default config;
