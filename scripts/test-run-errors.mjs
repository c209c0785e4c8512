#!/usr/bin/env node
// Why a run exited non-zero, in a few lines, so the end of the CI output names the cause.
// - a Vitest log: the reason is far above the summary (unhandled errors, a worker that died, a teardown
//   that hung), even when every test passed;
// - a Playwright JSON report: the errors outside any test (globalSetup, a spec that does not load), and
//   of each failed test the first lines of its error, the line of the spec it stopped at and the end of
//   each of its pages' console.
import fs from 'node:fs';
import { basename } from 'node:path';

const [file] = process.argv.slice(2);
if (!file || !fs.existsSync(file)) process.exit(0);
const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const text = fs.readFileSync(file, 'utf8');

function fromPlaywright(r) {
  const picked = [];
  const head = (message) => (message ?? '').replace(colour, '').trim().split('\n').slice(0, 3);
  for (const e of r.errors ?? [])
    picked.push('Error outside the tests:', ...head(e.message).map((l) => `  ${l}`));
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        picked.push(`${[...path, spec.title].join(' > ')} (${last?.status ?? 'failed'}):`);
        for (const e of last?.errors ?? []) {
          picked.push(...head(e.message).map((l) => `  ${l}`));
          // Which step of the test: several of its steps may wait for the same thing.
          if (e.location) picked.push(`  at ${basename(e.location.file)}:${e.location.line}`);
        }
        // The end of each page's console (fixtures.ts attaches it to a failed test): what the app did last.
        for (const a of last?.attachments ?? []) {
          if (!/^console-\d+\.log$/.test(a.name) || !a.body) continue;
          const log = Buffer.from(a.body, 'base64').toString('utf8').trimEnd().split('\n');
          const lines = log.slice(1).slice(-6);
          picked.push(
            `  ${a.name} (${log[0]})${lines.length ? ', its last lines:' : ': nothing logged'}`,
            ...lines.map((l) => `    ${l.slice(0, 300)}`),
          );
        }
      }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const f of r.suites ?? []) walk(f, [f.title]);
  return picked;
}

function fromVitestLog(lines) {
  const picked = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (/^⎯+ Unhandled (Error|Rejection)/.test(line)) {
      const header = line.replace(/⎯/g, '').trim();
      const error =
        lines
          .slice(i + 1)
          .find((l) => l.trim())
          ?.trim() ?? '';
      picked.push(`${header}: ${error}`);
    } else if (
      /^(Vitest caught|This error originated in|The latest test that might've caused|Errors\s+\d|Error: \[vitest|close timed out|Tests closed successfully)/.test(
        line,
      )
    ) {
      picked.push(`  ${line}`);
    }
  }
  return picked;
}

let picked;
let lines;
try {
  const r = JSON.parse(text);
  picked = fromPlaywright(r);
  lines = [];
} catch {
  lines = text.replace(colour, '').split('\n');
  picked = fromVitestLog(lines);
}
const out = picked.length
  ? picked
  : lines.length
    ? ['no error section found; the log ends with:', ...lines.slice(-15)]
    : ['the report names no error; see the run log above'];
console.log(out.slice(0, 60).join('\n'));
