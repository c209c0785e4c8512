// Regenerates src/platform/sql/schema.gen.ts from the migrations: `npm run db:types -w apps/server`.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { modules } from '../src/modules/index.js';
import { generateFromMigrations } from '../src/platform/sql/generate.js';

const target = fileURLToPath(new URL('../src/platform/sql/schema.gen.ts', import.meta.url));
const text = await generateFromMigrations(modules);
const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
if (before === text) console.log(`${target}: up to date`);
else {
  fs.writeFileSync(target, text);
  console.log(`${target}: written`);
}
