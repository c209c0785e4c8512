import type { ServerModule } from '../module.js';
import { seedRegions } from './regions-seed.js';

export const basicModule: ServerModule = {
  name: 'basic',
  seed: seedRegions,
};
