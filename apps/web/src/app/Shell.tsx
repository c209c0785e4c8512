import { Suspense, type ReactNode } from 'react';
import { theme } from 'antd';
import AntdScope from '@/shared/theme/AntdScope';
import { LoadingScreen } from '@/layout/LoadingScreen';
import Routed from './Routed';

/**
 * The base text style antd's `App` would set (colour, size, line height, font of the theme), without
 * its modal and notification hooks: dialogs and toasts are antd's static ones (Modal.confirm through
 * shared/notify/confirm, message through shared/http toast), loaded when first used.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="fc-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/** antd, the router and its routes: everything but the sign-in page opened directly. */
export default function Shell() {
  return (
    <AntdScope>
      <BaseText>
        <Suspense fallback={<LoadingScreen />}>
          <Routed />
        </Suspense>
      </BaseText>
    </AntdScope>
  );
}
