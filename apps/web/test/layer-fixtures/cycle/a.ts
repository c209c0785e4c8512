// Deliberately wrong: a and b import each other (import-x/no-cycle). Linted only by src/layers.test.ts.
import { b } from './b';
export const a = () => b();
