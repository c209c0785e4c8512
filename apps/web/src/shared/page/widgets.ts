import { createContext, useContext, type ComponentType } from 'react';

/**
 * A card a feature adds to the workbench (features/<f>/widgets.ts), shown to callers holding `permission`.
 * The workbench is one feature and the widget another's, so neither imports the other: layout collects the
 * declarations and hands them down through this context, as it does with pages. `load` is a dynamic import,
 * so what a widget draws with (charts) loads only for those who see it.
 */
export interface WorkbenchWidget {
  key: string;
  /** A button code (menu permission); without it the widget is not even loaded. */
  permission?: string;
  /** Smaller first. */
  order?: number;
  load: () => Promise<{ default: ComponentType }>;
}

export const WorkbenchWidgets = createContext<WorkbenchWidget[]>([]);
export const useWorkbenchWidgets = () => useContext(WorkbenchWidgets);
