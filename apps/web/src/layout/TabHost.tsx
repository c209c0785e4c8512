import { Activity, Suspense, lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { findPage } from '@/layout/registry';
import { PageContext } from '@/shared/page/context';
import { ErrorBoundary } from './ErrorBoundary';
import { refreshTab, useTabs } from './tabs';

const PageResult = lazy(() => import('@/shared/ui/PageResult'));

function NotAvailable({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <PageResult status="info" title={t('page.notAvailable')} subTitle={t('page.notAvailableSub', { path })} />
  );
}

/** Every open tab keeps its page mounted; hidden ones are kept alive by <Activity>, so state survives switching. */
export function TabHost() {
  const { tabs, active, generation } = useTabs();
  const queries = useQueryClient();
  // A page may have thrown on the data it was given: its answers are dropped (only those no open page
  // shows) so the reloaded page asks the server again, as a browser reload would.
  const reload = (value: string) => {
    queries.removeQueries({ type: 'inactive' });
    refreshTab(value);
  };
  return (
    <>
      {tabs.map((tab) => {
        const path = tab.value.split('?')[0]!;
        const found = findPage(path);
        const Page: ComponentType = found?.Component ?? (() => <NotAvailable path={path} />);
        return (
          <Activity
            key={`${tab.value}#${generation[tab.value] ?? 0}`}
            mode={tab.value === active ? 'visible' : 'hidden'}
          >
            <PageContext.Provider
              value={{
                path,
                params: found?.params ?? {},
                query: new URLSearchParams(tab.value.split('?')[1] ?? ''),
              }}
            >
              <ErrorBoundary onReload={() => reload(tab.value)}>
                <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
                  <Page />
                </Suspense>
              </ErrorBoundary>
            </PageContext.Provider>
          </Activity>
        );
      })}
    </>
  );
}
