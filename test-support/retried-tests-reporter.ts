import type { Reporter, TestCase, TestModule } from 'vitest/node';

function retriedCases(modules: ReadonlyArray<TestModule>): TestCase[] {
  return modules.flatMap((module) =>
    [...module.children.allTests()].filter((test) => (test.diagnostic()?.retryCount ?? 0) > 0),
  );
}

/**
 * Names every test that needed a retry, at the end of the run: a test that passes only on its
 * second try is a finding to read, not a pass to forget.
 */
export class RetriedTestsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const retried = retriedCases(modules);
    if (retried.length === 0) {
      process.stdout.write('\nRetried tests: none.\n');
      return;
    }
    const lines = retried.map((test) => {
      const outcome = test.result().state === 'passed' ? 'passed on retry' : 'failed';
      return `  ${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName} (${outcome})`;
    });
    process.stdout.write(`\nRetried tests (${retried.length}):\n${lines.join('\n')}\n`);
  }
}
