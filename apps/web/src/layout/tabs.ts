import { create } from 'zustand';
import { getStore, setStore } from '@/shared/storage';

/** A workspace tab (spec §3 "Tab entry"): value is the full path with its query. */
export interface Tab {
  value: string;
  /** The menu pattern it belongs to (for its label and its page). */
  pattern: string;
  label: { zh: string; en: string };
  keepAlive?: boolean;
}

export const HOME: Tab = {
  value: '/wel/index',
  pattern: '/wel/index',
  label: { zh: '工作台', en: 'Workbench' },
};

interface TabsState {
  owner?: string;
  tabs: Tab[];
  active: string;
  /** Bumped per tab by "clear cache": the page remounts with fresh state. */
  generation: Record<string, number>;
}

export const useTabs = create<TabsState>(() => ({ tabs: [HOME], active: HOME.value, generation: {} }));

const persist = () => {
  const { owner, tabs } = useTabs.getState();
  if (owner) setStore(`tabs-${owner}`, tabs);
};

/** Tabs are remembered per user. */
export function loadTabs(owner: string) {
  if (useTabs.getState().owner === owner) return;
  const saved = getStore<Tab[]>(`tabs-${owner}`);
  const tabs = saved?.length ? saved : [HOME];
  useTabs.setState({
    owner,
    tabs: tabs.some((t) => t.value === HOME.value) ? tabs : [HOME, ...tabs],
    active: HOME.value,
  });
}

export function openTab(tab: Tab) {
  const s = useTabs.getState();
  const tabs = s.tabs.some((t) => t.value === tab.value)
    ? s.tabs.map((t) => (t.value === tab.value ? { ...t, label: tab.label } : t))
    : [...s.tabs, tab];
  useTabs.setState({ tabs, active: tab.value });
  persist();
}

/** Closes a tab; the last tab cannot be closed. Answers the tab to show next, if the active one went. */
export function closeTab(value: string): string | undefined {
  const s = useTabs.getState();
  if (s.tabs.length <= 1) return undefined;
  const i = s.tabs.findIndex((t) => t.value === value);
  if (i < 0) return undefined;
  const tabs = s.tabs.filter((t) => t.value !== value);
  const next = s.active === value ? tabs[Math.max(0, i - 1)]!.value : undefined;
  useTabs.setState({ tabs, active: next ?? s.active });
  persist();
  return next;
}

export function closeOthers(value: string) {
  const s = useTabs.getState();
  useTabs.setState({ tabs: s.tabs.filter((t) => t.value === value), active: value });
  persist();
}

/** Close all keeps the home tab (the last tab cannot be closed). */
export function closeAll(): string {
  useTabs.setState({ tabs: [HOME], active: HOME.value });
  persist();
  return HOME.value;
}

export function refreshTab(value: string) {
  const g = useTabs.getState().generation;
  useTabs.setState({ generation: { ...g, [value]: (g[value] ?? 0) + 1 } });
}

export function resetTabs() {
  useTabs.setState({ owner: undefined, tabs: [HOME], active: HOME.value, generation: {} });
}
