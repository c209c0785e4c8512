import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Trans } from 'react-i18next';
import { addLog } from '@/shared/logs/store';

const PageResult = lazy(() => import('@/shared/ui/PageResult'));

/**
 * A page that throws while rendering says so inside its own tab, with a way back ("reload this page"):
 * the error is the page's, not the server's, and the shell, the menu and the other tabs keep working.
 * The error lands in the local log.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; onReload: () => void },
  { error?: Error }
> {
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
          <PageResult
            status="error"
            title={<Trans i18nKey="page.failed" />}
            subTitle={<Trans i18nKey="page.failedSub" />}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={this.props.onReload}>
                <Trans i18nKey="page.reload" />
              </Button>
            }
          />
        </Suspense>
      );
    return this.props.children;
  }
}
