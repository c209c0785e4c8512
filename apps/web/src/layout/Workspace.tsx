import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { message } from 'antd';
import { TOAST } from '@/shared/http';
import { MainLayout } from './MainLayout';

// Pages of the workspace call antd's message directly: same timing as the client's toasts.
message.config(TOAST);

/** Server state lives with the signed-in workspace; the public pages do without the query cache. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export default function Workspace() {
  return (
    <QueryClientProvider client={queryClient}>
      <MainLayout />
    </QueryClientProvider>
  );
}
