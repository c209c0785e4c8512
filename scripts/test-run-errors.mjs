#!/usr/bin/env node
// When a Vitest run exits non-zero although every test passed, the reason is in its log (unhandled errors,
// a worker that died, a teardown that hung), far above the summary. This prints it in a few lines so the
// end of the CI output names the cause.
import fs from 'node:fs';

const [file] = process.argv.slice(2);
if (!file || !fs.existsSync(file)) process.exit(0);
const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const lines = fs.readFileSync(file, 'utf8').replace(colour, '').split('\n');
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
const out = picked.length ? picked : ['no error section found; the log ends with:', ...lines.slice(-15)];
console.log(out.slice(0, 40).join('\n'));
