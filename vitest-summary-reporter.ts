import type { Reporter, TestModule } from 'vitest/node';

type RunEnd = NonNullable<Reporter['onTestRunEnd']>;

/**
 * Adds one plain closing line, "Tests: N passed, N failed, N skipped", after Vitest's own summary, so CI and
 * scripts can read the outcome without parsing Vitest's formatting.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: Parameters<RunEnd>[1]): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load has no tests but must not pass unnoticed.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
    }
    // An error outside any test (a worker that could not start a file, a rejection after a test) fails the run.
    counts.failed += unhandledErrors.length;
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
