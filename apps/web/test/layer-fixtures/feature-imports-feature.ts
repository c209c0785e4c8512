// Deliberately wrong: linted as if it were apps/web/src/features/desk/wrong.ts by src/layers.test.ts.
import { initials } from '../im/format';
export const wrong = initials;
