import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSession } from '@/shared/auth/store';
import { useWorkbenchWidgets, type WorkbenchWidget } from '@/shared/page/widgets';

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
const componentOf = (w: WorkbenchWidget) => {
  let c = loaded.get(w.key);
  if (!c) loaded.set(w.key, (c = lazy(w.load)));
  return c;
};

/**
 * The other features' workbench cards the caller may see, each loaded only when shown (a full row each).
 * One boundary for all of them: the cards appear together, in their order, whichever chunk comes first, so a
 * card never pushes down one already drawn (the phone-pace layout-shift test of shell.spec).
 */
export function WidgetSlot() {
  const widgets = useWorkbenchWidgets();
  const permission = useSession((s) => s.permission);
  return (
    <Suspense fallback={null}>
      {widgets
        .filter((w) => !w.permission || permission[w.permission])
        .map((w) => {
          const Widget = componentOf(w);
          return (
            <div key={w.key}>
              <Widget />
            </div>
          );
        })}
    </Suspense>
  );
}
