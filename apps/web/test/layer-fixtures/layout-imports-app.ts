// Deliberately wrong: linted as if it were apps/web/src/layout/wrong.ts by src/layers.test.ts.
import { AppRoutes } from '@/app/router';
export const wrong = AppRoutes;
