// One Jest run for every browser package: each workspace is a project with the same
// transform (swc), the same jsdom environment and the same setup.
const browserPackages = [
  'shared-api',
  'shared-ui',
  'shell',
  'mfe-marketplace',
  'mfe-booking',
  'mfe-account',
  'mfe-miniview',
];

/** @type {import('jest').Config['projects']} */
const projects = browserPackages.map((name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../jest/jsdom-environment.js',
  setupFiles: ['<rootDir>/../jest/polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/../jest/setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(ky|until-async)/)'],
  moduleNameMapper: {
    // Its browser build (XMLHttpRequest, Blob), the one webpack picks by its `browser` field;
    // Jest would take the Node one, which reads files and streams.
    '^tus-js-client$': '<rootDir>/../node_modules/tus-js-client/lib.es5/browser/index.js',
    '\\.(css)$': '<rootDir>/../jest/style-mock.js',
    '\\.(svg|png|jpg|gif)$': '<rootDir>/../jest/file-mock.js',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
}));

/**
 * Every core: Jest's default leaves one free, a single worker on CI's 2 cores (123 s here; two
 * workers: 87 s; decision 082).
 */
/** @type {import('jest').Config} */
module.exports = { projects, maxWorkers: '100%' };
