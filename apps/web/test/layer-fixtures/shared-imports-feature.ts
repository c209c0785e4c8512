// Deliberately wrong: linted as if it were apps/web/src/shared/ui/wrong.ts by src/layers.test.ts.
import { initials } from '@/features/im/format';
export const wrong = initials;
