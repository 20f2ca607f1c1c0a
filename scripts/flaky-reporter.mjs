import fs from 'node:fs';

/**
 * A vitest reporter that writes the tests that failed and then passed on their retry (the e2e
 * project allows one) to the file named by DRAT_FLAKY_REPORT, so the test summary names them
 * instead of hiding them.
 */
export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) this.flaky.push(testCase.fullName);
  }

  onTestRunEnd() {
    const file = process.env.DRAT_FLAKY_REPORT;
    if (file) fs.writeFileSync(file, JSON.stringify(this.flaky));
  }
}
