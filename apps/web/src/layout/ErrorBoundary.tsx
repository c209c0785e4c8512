import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addLog } from '@/shared/logs/store';

const PageResult = lazy(() => import('@/shared/ui/PageResult'));

/**
 * A text of the current language. (react-i18next's `Trans` would do in the class below, but it brings an
 * HTML parser into the shell's chunk for texts that have no markup.)
 */
function Text({ k }: { k: string }) {
  const { t } = useTranslation();
  return t(k);
}

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
            title={<Text k="page.failed" />}
            subTitle={<Text k="page.failedSub" />}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={this.props.onReload}>
                <Text k="page.reload" />
              </Button>
            }
          />
        </Suspense>
      );
    return this.props.children;
  }
}
