#!/usr/bin/env node
// Prints one line per report and a total: passed, failed, skipped (skips are listed, never hidden).
// Reads Vitest's JSON report (unit and integration) and Playwright's (end-to-end).
import fs from 'node:fs';

/** Vitest: counts and the tests that failed or were skipped. */
function vitest(r) {
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const lines = [];
  for (const suite of r.testResults ?? []) {
    for (const a of suite.assertionResults ?? []) {
      if (a.status === 'pending' || a.status === 'skipped' || a.status === 'todo')
        lines.push(`  skipped: ${a.fullName}`);
      if (a.status === 'failed') lines.push(`  FAILED: ${a.fullName}`);
    }
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped,
    units: `${r.numTotalTestSuites} suites`,
    lines,
  };
}

/** Playwright: suites nest (file, describe); a test's status says whether it went as expected. */
function playwright(r) {
  const count = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = [...path, spec.title].join(' > ');
        if (t.status === 'skipped') {
          count.skipped += 1;
          lines.push(`  skipped: ${name}`);
        } else if (t.status === 'unexpected') {
          count.failed += 1;
          lines.push(`  FAILED: ${name}`);
        } else {
          // 'expected', or 'flaky' (passed on a retry: the config has none, so it would show here first).
          count.passed += 1;
          if (t.status === 'flaky') lines.push(`  flaky: ${name}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const file of r.suites ?? []) walk(file, [file.title]);
  // Errors outside any test (globalSetup, a spec that does not load) fail the run without failing a test.
  for (const e of r.errors ?? []) {
    count.failed += 1;
    lines.push(`  FAILED (outside the tests): ${(e.message ?? String(e)).split('\n')[0]}`);
  }
  return { ...count, units: `${(r.suites ?? []).length} files`, lines };
}

let total = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (that run did not finish)`);
    total.failed += 1;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats && Array.isArray(r.suites) ? playwright(r) : vitest(r);
  console.log(`${file}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.units})`);
  for (const line of s.lines) console.log(line);
  total.passed += s.passed;
  total.failed += s.failed;
  total.skipped += s.skipped;
}
console.log(`TOTAL: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
