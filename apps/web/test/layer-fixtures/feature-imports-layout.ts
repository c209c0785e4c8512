// Deliberately wrong: linted as if it were apps/web/src/features/auth/wrong.ts by src/layers.test.ts.
import { findPage } from '@/layout/registry';
export const wrong = findPage;
