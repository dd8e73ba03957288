import js from '@eslint/js';
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const remotes = ['mfe-marketplace', 'mfe-booking', 'mfe-account', 'mfe-miniview'];
const packages = ['shell', ...remotes, 'shared-ui', 'shared-api', 'api', 'e2e'];
/** shared-api's resource modules: its subpath exports but the test helpers (decision 091). */
const resourceModules = Object.entries(
  JSON.parse(readFileSync(new URL('./shared-api/package.json', import.meta.url), 'utf8')).exports,
)
  .filter(([subpath]) => subpath !== '.' && !['./testing', './stories'].includes(subpath))
  .map(([, file]) => file.replace(/^\.\//, ''));

// A package may reach another one only through its package name (@guestspot/x), never by a
// relative path into its folder; a remote never imports another remote at all.
const relativeIntoOtherPackage = (self) =>
  packages
    .filter((p) => p !== self)
    .flatMap((p) => [
      `../${p}/*`,
      `../../${p}/*`,
      `../../../${p}/*`,
      `../../../../${p}/*`,
      `../../../../../${p}/*`,
    ]);

const boundaries = packages.map((self) => ({
  files: [`${self}/**/*.{ts,tsx,js,mjs}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: relativeIntoOtherPackage(self),
            message:
              'Import another package by its name (@guestspot/...), never by a relative path.',
          },
          ...(self !== 'shared-ui' && self !== 'shared-api'
            ? [
                {
                  // A deep import is bundled into the app instead of shared: it would get its
                  // own copy of a store (toasts, dialogs). Test helpers are the exception, and
                  // the entries federation shares as modules of their own (forms, card-field,
                  // image-upload, recorder; decision 079). shared-api's subpaths are its
                  // resource modules, request functions with no state of their own, which each
                  // app bundles as it uses them; its root is the shared core (decision 091).
                  group: [
                    '@guestspot/shared-ui/*',
                    '!@guestspot/shared-ui/forms',
                    '!@guestspot/shared-ui/card-field',
                    '!@guestspot/shared-ui/image-upload',
                    '!@guestspot/shared-ui/recorder',
                    // The timezone picker: no state of its own, built on the forms entry, bundled
                    // by the pages that pick a zone so that other forms skip the zone list.
                    '!@guestspot/shared-ui/timezone-select',
                    // The month grid and slot picker (the booking flow's dates step, the booking
                    // page's calendar modal): bundled by the remote that picks dates.
                    '!@guestspot/shared-ui/calendar-picker',
                    // The review form (decision 114): no state of its own, built on the forms
                    // entry, bundled by the booking page and the create-review pages.
                    '!@guestspot/shared-ui/review-form',
                    // A remote's page alone on its origin: its stores come from the root.
                    '!@guestspot/shared-ui/standalone',
                    // The server render (decision 077): Node.js only, never in a browser bundle.
                    '!@guestspot/shared-ui/server',
                    '!@guestspot/shared-ui/recorder/testing',
                  ],
                  message: 'Import shared-ui from its root so Module Federation shares one copy.',
                },
              ]
            : []),
          ...(remotes.includes(self)
            ? [
                {
                  group: remotes
                    .filter((r) => r !== self)
                    .flatMap((r) => [
                      `@guestspot/${r}`,
                      `@guestspot/${r}/*`,
                      `${r.replace('-', '_')}/*`,
                    ]),
                  message:
                    'A remote never imports another remote: share through shared-ui or shared-api.',
                },
              ]
            : []),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      'coverage/**',
      'api/data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{tsx,jsx}'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // One cache, one table of keys (shared-api's queryKeys): a key typed inline is how two
    // remotes end up invalidating different entries (issue 12 §4).
    files: ['{shell,shared-ui,shared-api,mfe-*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression',
          message: "Take the key from shared-api's queryKeys (add it there if it is new).",
        },
      ],
    },
  },
  {
    // shared-api's resource modules (its subpath exports) take the client, errors and list
    // helpers from the package root, the one shared copy: an app that bundles a resource
    // module would otherwise bundle a second ky client with its own CSRF and 401 handling
    // (decision 091).
    files: resourceModules.map((file) => `shared-api/${file}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./client', './errors', './list-params', './query-client', './session/*'],
              allowTypeImports: true,
              message: "Import the core from '@guestspot/shared-api' (the shared copy).",
            },
          ],
        },
      ],
    },
  },
  ...boundaries,
  prettier,
);
