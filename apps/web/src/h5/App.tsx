import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Dialog, DotLoading, ErrorBlock, NavBar } from 'antd-mobile';
import { h5Api, H5Error } from './api';
import { setLang } from './i18n';
import { LoginView } from './LoginView';
import { InquiryView } from './InquiryView';
import { ChatView } from './chat/ChatView';
import { useH5Session } from './session';
import { connectNotifications, markAllRead, socketUrl, useUnread } from '@/shared/notify/socket';

/** Spec §6: the default tenant; a tenant's own link names it with ?tenantId=. */
export const tenantFromUrl = (search = window.location.search) =>
  new URLSearchParams(search).get('tenantId')?.trim() || '000000';

function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Button size="mini" fill="none" onClick={() => setLang(i18n.language === 'en' ? 'zh' : 'en')}>
      {t('h5.language')}
    </Button>
  );
}

/** The advisor's public card: name, avatar and the brands they look after. */
function AdvisorCard() {
  const { t } = useTranslation();
  const staff = useH5Session((s) => s.customer?.staff);
  if (!staff) return <div className="h5-advisor h5-advisor-none">{t('h5.noAdvisor')}</div>;
  const brands = staff.brandNames.length ? staff.brandNames.join(t('h5.brandSep')) : t('h5.brandsNone');
  return (
    <div className="h5-advisor">
      <Avatar src={staff.avatar ?? ''} className="h5-advisor-avatar" />
      <div className="h5-advisor-text">
        <div className="h5-advisor-label">{t('h5.advisor')}</div>
        <div className="h5-advisor-name">{staff.realName}</div>
        <div className="h5-advisor-brands">{t('h5.brands', { brands })}</div>
      </div>
    </div>
  );
}

function SignOut() {
  const { t } = useTranslation();
  const signOut = useH5Session((s) => s.signOut);
  return (
    <Button
      size="mini"
      fill="none"
      onClick={() =>
        void Dialog.confirm({
          content: t('h5.signOutConfirm'),
          cancelText: t('h5.cancel'),
          confirmText: t('h5.confirm'),
          onConfirm: signOut,
        })
      }
    >
      {t('h5.signOut')}
    </Button>
  );
}

function SignedIn() {
  const { customer, setCustomer } = useH5Session();
  const [error, setError] = useState<string>();
  useEffect(() => {
    h5Api
      .me()
      .then(setCustomer)
      .catch((e: unknown) => setError(e instanceof H5Error ? e.message : String(e)));
  }, [setCustomer]);
  if (error && !customer) return <ErrorBlock status="default" title={error} description="" />;
  if (!customer)
    return (
      <div className="h5-center">
        <DotLoading color="primary" />
      </div>
    );
  return (
    <div className="h5-home">
      <AdvisorCard />
      {customer.staff ? <ChatView myName={customer.name} /> : null}
    </div>
  );
}

/**
 * The advisor's unread pushes arrive on the customer's notification socket; while the page is not in
 * front, the title counts them (as the staff console does), and coming back clears it.
 */
function useUnreadTitle(token: string | undefined) {
  const { t } = useTranslation();
  const count = useUnread((s) => s.count);
  useEffect(() => {
    if (!token) return;
    const stop = connectNotifications(() => token, socketUrl().replace(/\/ws$/, '/ws/h5'));
    const seen = () => {
      const inFront = document.visibilityState === 'visible' && document.hasFocus();
      if (inFront && useUnread.getState().count > 0) markAllRead();
    };
    const off = useUnread.subscribe(seen);
    window.addEventListener('focus', seen);
    document.addEventListener('visibilitychange', seen);
    return () => {
      stop();
      off();
      window.removeEventListener('focus', seen);
      document.removeEventListener('visibilitychange', seen);
      markAllRead();
    };
  }, [token]);
  useEffect(() => {
    document.title = count > 0 ? t('h5.newMessage', { n: count > 99 ? '99+' : count }) : t('h5.title');
  }, [t, count]);
}

export function H5App() {
  const { t } = useTranslation();
  const token = useH5Session((s) => s.token);
  useUnreadTitle(token);
  // The customers' inquiry form (?view=inquiry, or the button): open to everyone, signed in or not.
  const [inquiry, setInquiry] = useState(
    () => new URLSearchParams(window.location.search).get('view') === 'inquiry',
  );
  return (
    <div className="h5-page">
      {/* NavBar's left slot is itself a role=button (a back control): the actions go on the right. */}
      <NavBar
        back={null}
        right={
          <span className="h5-nav-actions">
            {inquiry ? null : (
              <Button size="mini" fill="none" onClick={() => setInquiry(true)}>
                {t('inquiry.open')}
              </Button>
            )}
            {token ? <SignOut /> : null}
            <LangSwitch />
          </span>
        }
        className="h5-navbar"
      >
        {t('h5.title')}
      </NavBar>
      <main className="h5-main">
        {inquiry ? (
          <InquiryView tenantId={tenantFromUrl()} onBack={() => setInquiry(false)} />
        ) : token ? (
          <SignedIn />
        ) : (
          <LoginView tenantId={tenantFromUrl()} />
        )}
      </main>
    </div>
  );
}
