// Allowed: a feature importing shared/ (the control case of src/layers.test.ts).
import { initials } from '@/shared/avatar';
export const right = initials;
