#!/usr/bin/env node
// Prints one line per report and a total: passed, failed, skipped (skips are listed, never hidden).
import fs from 'node:fs';

let total = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (that run did not finish)`);
    total.failed += 1;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(
    `${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped (${r.numTotalTestSuites} suites)`,
  );
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests;
  total.skipped += skipped;
  for (const suite of r.testResults ?? []) {
    for (const a of suite.assertionResults ?? []) {
      if (a.status === 'pending' || a.status === 'skipped' || a.status === 'todo')
        console.log(`  skipped: ${a.fullName}`);
      if (a.status === 'failed') console.log(`  FAILED: ${a.fullName}`);
    }
  }
}
console.log(`TOTAL: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
