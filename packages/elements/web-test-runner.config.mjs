// Element tests run in real Chromium: Debian's, or the one CHROMIUM_PATH names. No browser is ever downloaded.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { cssTextDevServer } from './scripts/css-text.mjs';
import { bundleReactTests } from './test-support/bundle-react-tests.mjs';
import { parleyApiProxy, parleyServerPlugin } from './test-support/parley-server.mjs';

/** Ends the run with 'N passed, N failed, N skipped' alone on a line, the closing line CI logs are read for. */
function totalsReporter() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const names = [];
  const count = (suite, file, path = []) => {
    let failed = 0;
    for (const test of suite.tests) {
      const outcome = test.skipped ? 'skipped' : test.passed ? 'passed' : 'failed';
      totals[outcome] += 1;
      if (outcome === 'failed') {
        failed += 1;
        names.push(
          `${file} > ${[...path, test.name].join(' > ')}: ${String(test.error?.message ?? '')
            .split('\n')[0]
            .slice(0, 200)}`,
        );
      }
    }
    for (const child of suite.suites) failed += count(child, file, [...path, child.name]);
    return failed;
  };
  let finished = false;
  return {
    onTestRunFinished({ sessions }) {
      for (const session of sessions) {
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        const failedTests = session.testResults ? count(session.testResults, file) : 0;
        // A file that failed to load, or threw outside a test, fails the run without a failed test of its own.
        if (!session.passed && failedTests === 0) {
          totals.failed += 1;
          names.push(
            `${file}: ${String(session.errors?.[0]?.message ?? 'failed outside its tests')
              .split('\n')[0]
              .slice(0, 200)}`,
          );
        }
      }
      finished = true;
    },
    // Progress lines are printed after every reporter's own output, so this one comes last.
    getTestProgress() {
      return finished ? ['', ...names.map((n) => `FAILED TEST: ${n}`), `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`] : [];
    },
  };
}

export default {
  files: 'src/**/*.test.ts',
  // Resolve @parley/* to their TypeScript sources, as Vite and Vitest do.
  nodeResolve: { exportConditions: ['@parley/source', 'browser', 'development'] },
  middleware: [parleyApiProxy],
  plugins: [
    parleyServerPlugin(),
    bundleReactTests(),
    cssTextDevServer(),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-dev-shm-usage'],
      },
    }),
  ],
  reporters: [defaultReporter(), totalsReporter()],
  testFramework: { config: { timeout: 10_000 } },
  // A file that never reports back fails in three minutes: beside the PostgreSQL run a busy file can need more than one.
  testsFinishTimeout: 180_000,
  // One plain summary at the end rather than a live progress bar, so CI logs read the same as a terminal.
  staticLogging: true,
};
