// Prints one plain closing line ("jest: N passed, N failed, N skipped") so CI logs state the count unambiguously.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped } = results;
    process.stdout.write(`\njest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
