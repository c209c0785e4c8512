/** Types of web-budget.mjs, for the web bench (bench/src/web.ts), which lists the same figures. */
export interface Weight {
  files: number;
  bytes: number;
  gzip: number;
}
export const BUDGETS: { login: number; workbench: number; chrome: number; page: number };
export const GOALS: { login: number; workbench: number; page: number };
export function declaredPages(): {
  pages: Array<{ name: string; modules: string[] }>;
  widgets: Array<{ name: string; modules: string[] }>;
};
export function weigh(dist?: string): {
  login: Weight;
  workbench: Weight;
  /** The shell's chrome (side menu, toolbar, tabs): loaded beside the page, drawn after it. */
  chrome: Weight;
  pages: Array<Weight & { path: string }>;
};
export function overBudget(w: ReturnType<typeof weigh>): string[];
