import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files and how many tests the report names: enough to see where the time goes, short enough to read. */
const SLOWEST_SHOWN = 15;

interface Timed {
  label: string;
  ms: number;
  detail?: string;
}

/**
 * Where the time went, printed after the run: the slowest files (the time a worker spent on each, import and hooks
 * included), the slowest tests, and each project's total, slowest first. Budgets (README) are kept by reading it.
 * Listed before the summary reporter in vitest.config.ts, so the plain "Tests: ..." line stays last.
 */
export default class TimingReporter implements Reporter {
  private started = 0;

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const files: Timed[] = [];
    const tests: Timed[] = [];
    const projects = new Map<string, { ms: number; files: number }>();
    for (const module of testModules) {
      const diagnostic = module.diagnostic();
      const setupMs =
        diagnostic.environmentSetupDuration +
        diagnostic.prepareDuration +
        diagnostic.setupDuration +
        diagnostic.collectDuration;
      let testsMs = 0;
      for (const test of module.children.allTests()) {
        const ms = test.diagnostic()?.duration ?? 0;
        testsMs += ms;
        tests.push({ label: `${relative(root, module.moduleId)} > ${test.fullName}`, ms });
      }
      const fileMs = setupMs + diagnostic.duration;
      const project = module.project.name || 'default';
      files.push({
        label: `[${project}] ${relative(root, module.moduleId)}`,
        ms: fileMs,
        // What is not in the tests themselves: import, hooks (servers, browsers, databases) and setup.
        detail: `tests ${seconds(testsMs)}, import and hooks ${seconds(fileMs - testsMs)}`,
      });
      const total = projects.get(project) ?? { ms: 0, files: 0 };
      projects.set(project, { ms: total.ms + fileMs, files: total.files + 1 });
    }
    const wallMs = performance.now() - this.started;
    const lines = [
      '',
      `Timing: ${seconds(wallMs)} wall clock; the time workers spent on each file, added up by project:`,
      ...[...projects]
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(([name, { ms, files: count }]) => `  ${seconds(ms).padStart(8)}  ${name} (${count} files)`),
      `Slowest ${Math.min(SLOWEST_SHOWN, files.length)} of ${files.length} files:`,
      ...slowest(files).map((file) => `  ${seconds(file.ms).padStart(8)}  ${file.label} (${file.detail})`),
      `Slowest ${Math.min(SLOWEST_SHOWN, tests.length)} of ${tests.length} tests:`,
      ...slowest(tests).map((test) => `  ${seconds(test.ms).padStart(8)}  ${test.label}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

function slowest(items: Timed[]): Timed[] {
  return [...items].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
}

function relative(root: string, file: string): string {
  return path.relative(root, file) || file;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
