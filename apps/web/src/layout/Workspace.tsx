import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadToasts } from '@/shared/http';
import i18n from '@/shared/i18n';
import { createQueryClient } from '@/shared/query/client';
import { WorkbenchWidgets } from '@/shared/page/widgets';
import { MainLayout } from './MainLayout';
import { WIDGETS } from './registry';
import { prefetchWorkspace } from './prefetch';

/** Server state lives with the signed-in workspace; the public pages do without the query cache. */
const queryClient = createQueryClient();

// Server answers are in the language they were asked in (Accept-Language): after a switch every cached
// answer is stale, and what is on screen is fetched again at once (hidden tabs' when they are shown).
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
prefetchWorkspace(queryClient, window.location.pathname);

export default function Workspace() {
  // antd's message loads once the workspace is up (it is not needed to show it) and takes the toasts'
  // timing (shared/http toast), which the chat's direct calls of antd's message then share.
  useEffect(() => void loadToasts(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <WorkbenchWidgets.Provider value={WIDGETS}>
        <MainLayout />
      </WorkbenchWidgets.Provider>
    </QueryClientProvider>
  );
}
