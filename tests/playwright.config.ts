import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * The journeys run against the real server (built, on a fresh embedded database) serving the built console,
 * in Debian's Chromium: `npx playwright install` cannot download browsers here.
 */
export default defineConfig({
  testDir: './journeys',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  // scripts/test.mjs asks for a JSON report too, to print one total over every suite.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf .artifacts/data && node ../packages/server/dist/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.artifacts/data',
      PARLEY_CAPTCHA: 'off',
      // The journeys read activation and reset links as a signed-out user would on a developer's machine.
      PARLEY_DEV_MAILBOX: 'on',
      // The journeys make sandbox channels as a user would, typing its credentials: known ones, not the installation's own.
      PARLEY_SANDBOX_ACCESS_TOKEN: 'sandbox-access-token',
      PARLEY_SANDBOX_APP_SECRET: 'sandbox-app-secret',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Cheap argon2 parameters for the demo seed and the journeys' many sign-ins (packages/server secrets.ts).
      PARLEY_PASSWORD_HASH: 'fast',
    },
  },
});
