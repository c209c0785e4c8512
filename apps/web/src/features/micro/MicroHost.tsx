import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spin } from 'antd';
import { loadMicroApp, type MicroApp } from 'qiankun';
import { usePage } from '@/shared/page/context';
import { expireSession } from '@/shared/auth/session';
import { CLIENT_BASIC } from '@/shared/http';
import { useSession } from '@/shared/auth/store';
import PageResult from '@/shared/ui/PageResult';
import { MICRO_APPS } from './apps';
import { EntryError, entryFetch, within } from './fetch';
import type { MicroAppProps, MicroUser } from './props';
import './texts';

type Status = { kind: 'loading' } | { kind: 'mounted' } | { kind: 'failed'; reason: string };

function propsFor(language: string): MicroAppProps {
  const { token, user } = useSession.getState();
  const u = (user ?? {}) as Partial<MicroUser>;
  return {
    token: token ?? '',
    getToken: () => useSession.getState().token,
    user: {
      user_id: u.user_id ?? '',
      tenant_id: u.tenant_id ?? '',
      account: u.account ?? '',
      real_name: u.real_name ?? '',
      nick_name: u.nick_name ?? '',
      dept_name: u.dept_name ?? '',
      role_name: u.role_name ?? '',
      avatar: u.avatar ?? '',
    },
    language: language === 'en' ? 'en' : 'zh',
    apiBase: '/api',
    clientAuth: CLIENT_BASIC,
    onUnauthorized: expireSession,
  };
}

/**
 * One micro-app mounted by qiankun in this tab. The tab host keeps hidden tabs alive (their effects
 * are cleaned up, their DOM stays), so the micro-app is unmounted only when its container has really
 * left the page: switching tabs keeps the micro-app and its state.
 */
function MicroFrame({ name, entry, label }: { name: string; entry: string; label: string }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const app = useRef<MicroApp>(undefined);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const el = container.current!;
    if (!app.current) {
      const loaded = loadMicroApp(
        { name, entry, container: el, props: propsFor(i18n.language) },
        { sandbox: { experimentalStyleIsolation: true }, fetch: entryFetch },
      );
      app.current = loaded;
      setStatus({ kind: 'loading' });
      within(loaded.mountPromise).then(
        () => app.current === loaded && setStatus({ kind: 'mounted' }),
        (e: unknown) => {
          if (app.current !== loaded) return;
          const reason =
            e instanceof EntryError && e.kind !== 'status'
              ? t(e.kind === 'timeout' ? 'micro.timeout' : 'micro.network')
              : e instanceof Error
                ? e.message
                : String(e);
          setStatus({ kind: 'failed', reason });
          app.current = undefined;
          // It failed to mount: what is left of it is dropped, a failed unmount says nothing new.
          void loaded.unmount().catch(() => undefined);
        },
      );
    }
    return () => {
      const current = app.current;
      setTimeout(() => {
        if (el.isConnected || !current || app.current !== current) return;
        app.current = undefined;
        // The tab is gone; an app that fails to unmount has nowhere left to show it.
        void current.unmount().catch(() => undefined);
      });
    };
    // i18n.language is read once for the first props; later changes go through update() below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, entry, attempt]);

  useEffect(() => {
    if (status.kind === 'mounted') void app.current?.update?.(propsFor(i18n.language));
  }, [i18n.language, status.kind]);

  return (
    <>
      {status.kind === 'loading' && (
        <Spin tip={t('micro.loading', { name: label })} style={{ display: 'block', margin: '64px auto' }}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      )}
      {status.kind === 'failed' && (
        <PageResult
          status="error"
          title={t('micro.failed', { name: label })}
          subTitle={t('micro.failedSub', { reason: status.reason })}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('micro.retry')}
            </Button>
          }
        />
      )}
      <div
        ref={container}
        data-micro-app={name}
        style={status.kind === 'mounted' ? undefined : { display: 'none' }}
      />
    </>
  );
}

/** /qiankun/micro?app=<name> and /qiankun/micro/<name>: the configured micro-app, or why there is none. */
export default function MicroHost() {
  const { t } = useTranslation();
  const { params, query } = usePage();
  const name = params.name ?? query.get('app') ?? '';
  const entry = Object.hasOwn(MICRO_APPS, name) ? MICRO_APPS[name] : undefined;
  const label = t(`micro.names.${name}`, { defaultValue: name });
  if (!entry)
    return (
      <PageResult status="warning" title={t('micro.unknown', { name })} subTitle={t('micro.unknownSub')} />
    );
  return <MicroFrame key={`${name}@${entry}`} name={name} entry={entry} label={label} />;
}
