import type { ComponentType } from 'react';

/**
 * How a feature declares a page in features/<f>/pages.ts. The type lives here, not beside the registry
 * (layout/registry), so that features never import the layer that collects them.
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;
