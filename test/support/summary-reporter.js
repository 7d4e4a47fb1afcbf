// Prints one plain closing line ("jest: N passed, N failed, N skipped") so CI logs state the count unambiguously,
// preceded by the slowest files: CI has a time budget, and this is where it goes.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped } = results;
    const slowest = results.testResults
      .map((file) => ({ path: file.testFilePath.replace(`${process.cwd()}/`, ''), project: file.displayName?.name ?? '',
        seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 15);
    if (slowest.length > 1) {
      process.stdout.write('\nslowest test files:\n');
      for (const file of slowest) process.stdout.write(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.project.padEnd(15)} ${file.path}\n`);
    }
    process.stdout.write(`\njest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
