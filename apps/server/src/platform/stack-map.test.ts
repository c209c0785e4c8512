import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { mapStackTraces } from './stack-map.js';

// A bundle of six lines whose third (the throw) comes from line 41, column 3 of ../src/boom.ts: the map's
// one segment, [0, 0, 40, 2] in base-64 VLQ.
const BUNDLE = `(function () {
  function boom() {
    throw new Error('boom');
  }
  return boom;
})`;
const MAP = { version: 3, sources: ['../src/boom.ts'], names: [], mappings: ';;AAwCE' };

function bundleIn(dir: string, withMap: boolean) {
  const file = path.join(dir, 'dist', 'server.cjs');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, BUNDLE);
  if (withMap) fs.writeFileSync(`${file}.map`, JSON.stringify(MAP));
  const boom = (new vm.Script(BUNDLE, { filename: file }).runInThisContext() as () => () => never)();
  return { file, boom };
}

const prepare = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = prepare;
});

function stackOf(f: () => never): string {
  try {
    f();
  } catch (e) {
    return (e as Error).stack!;
  }
  throw new Error('did not throw');
}

describe('mapStackTraces', () => {
  it('writes the bundle’s frames at their TypeScript lines, and leaves the others as V8 writes them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-map-'));
    const { file, boom } = bundleIn(dir, true);
    const unmapped = stackOf(boom);
    expect(unmapped).toContain(`${file}:3:11`);
    mapStackTraces(file);
    const stack = stackOf(boom).split('\n');
    expect(stack[0]).toBe('Error: boom');
    expect(stack[1]).toBe(`    at boom (${path.join(dir, 'src', 'boom.ts')}:41:3)`);
    // This test's own frame is not the bundle's: as V8 wrote it.
    expect(stack[2]).toMatch(/stack-map\.test\.ts:\d+:\d+\)$/);
    expect(stack.join('\n')).not.toContain(file);
  });

  it('without a map beside the bundle, the frames stay as V8 writes them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-map-'));
    const { file, boom } = bundleIn(dir, false);
    mapStackTraces(file);
    const stack = stackOf(boom).split('\n');
    expect(stack[0]).toBe('Error: boom');
    expect(stack[1]).toBe(`    at boom (${file}:3:11)`);
  });

  it('keeps the head Node gives an error: its name, a Node error’s code, its message', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-map-'));
    const { file } = bundleIn(dir, true);
    mapStackTraces(file);
    expect(new TypeError('bad value').stack!.split('\n')[0]).toBe('TypeError: bad value');
    let nodeError: Error | undefined;
    try {
      fs.readFileSync({} as string);
    } catch (e) {
      nodeError = e as Error;
    }
    expect(nodeError!.stack!.split('\n')[0]).toMatch(
      /^TypeError \[ERR_INVALID_ARG_TYPE\]: The "path" argument/,
    );
  });
});
