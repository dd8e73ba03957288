import { defineConfig, devices } from '@playwright/test';
import { e2eEnv } from './support/env';

const ci = Boolean(process.env.CI);

/** A phone in Chromium: its viewport, touch, a mobile layout viewport and user agent. */
function phone(width: number, height: number, userAgent = devices['Pixel 7'].userAgent) {
  return {
    viewport: { width, height },
    screen: { width, height },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent,
  };
}

/**
 * End-to-end tests of the whole site from its production builds: the shell, the four remotes and
 * the API on a fresh seeded database, all on e2e-only 127.0.0.1 ports (support/env.ts), started
 * once for the run by support/global-setup.ts. One worker: the machine has 2 cores and some tests
 * stop and restart a remote's server, which would break tests running beside them.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: ci,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: ci
    ? [['list'], ['json', { outputFile: 'test-results/results.json' }]]
    : [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: e2eEnv.baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (e2e/run-e2e.mjs installs it; decision 082): Blink and
      // V8 of the browser without its desktop shell, a third less CPU per test than
      // /usr/bin/chromium in its headless mode.
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A camera and a microphone for the recorder (MINIVIEW answers and questions): Chromium's
        // fake devices, granted without a prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /tests[\\/]phone[\\/]/ },
    // Phones (issue 18): touch, a mobile viewport and user agent, in the same Chromium. The
    // phone journeys run on both; the every-route check sets the widths it tests itself.
    { name: 'phone-360', testMatch: /tests[\\/]phone[\\/].*\.spec\.ts$/, use: phone(360, 800) },
    {
      name: 'phone-390',
      testMatch: /tests[\\/]phone[\\/]phone-journeys\.spec\.ts$/,
      use: phone(390, 844, devices['iPhone 13'].userAgent),
    },
    // Benchmarks in the browser (npm run bench:live-browsers), never part of npm test.
    ...(process.env.E2E_BENCH === '1'
      ? [{ name: 'bench', testDir: './bench', testMatch: /\.bench\.ts$/ }]
      : []),
  ],
});
