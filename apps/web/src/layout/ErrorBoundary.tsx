import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';
import i18n from '@/shared/i18n';
import { addLog } from '@/shared/logs/store';

const PageResult = lazy(() => import('./PageResult'));

/** Render errors of a page land in the local log and leave the rest of the shell working. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    addLog({
      type: 'render',
      message: error.message,
      stack: error.stack ?? '',
      info: info.componentStack ?? '',
    });
  }
  override render() {
    if (this.state.error)
      return (
        <Suspense>
          <PageResult status="500" title="500" subTitle={i18n.t('page.serverError')} />
        </Suspense>
      );
    return this.props.children;
  }
}
