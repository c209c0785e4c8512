import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Empty, Statistic, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth/store';
import { leaves } from '@/shared/menu/tree';
import { pick } from '@/shared/i18n';
import { useMenuRoutes } from '@/shared/menu/menus';
import { menuIcon } from '@/shared/menu/icons';
import { useOpenMenu } from '@/shared/menu/navigate';
import { unreadText, workbenchQuery } from './api';
import { todayText } from './today';
import { WidgetSlot } from './WidgetSlot';
import css from '@/shared/ui/columns.module.css';

/** Asked for with the page's code when the workbench is opened directly (layout/prefetch). */
export const opensWith = () => [workbenchQuery()];

const greetingKey = (h: number) => (h < 11 ? 'morning' : h < 13 ? 'noon' : h < 18 ? 'afternoon' : 'evening');

/** The default first tab: greeting, shortcuts from my menus, my pending items and the notices. */
export default function Workbench() {
  const { t, i18n } = useTranslation();
  // Plain elements styled with the theme's tokens: Typography and List would add 10 KB to the first load.
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const menus = useMenuRoutes();
  const open = useOpenMenu();
  const { data } = useQuery(workbenchQuery());
  const shortcuts = useMemo(
    () =>
      leaves(menus.data ?? [])
        .filter((n) => !n.meta?.hidden && !n.path!.includes(':') && n.path !== '/wel/index')
        .slice(0, 8),
    [menus.data],
  );
  return (
    <div className={css.row}>
      <div>
        <Card>
          <h1
            style={{
              margin: '0 0 0.5em',
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {t(`wel.greeting.${greetingKey(new Date().getHours())}`)}, {user?.real_name || user?.nick_name}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>
            {t('wel.today', {
              date: todayText(new Date(), i18n.language),
            })}{' '}
            · {user?.dept_name}
          </span>
        </Card>
      </div>
      <div className={css.twoThirdsLg}>
        <Card title={t('wel.shortcuts')}>
          <div className={`${css.row} ${css.tight}`}>
            {shortcuts.map((n) => (
              <div key={n.id} className={css.tile}>
                <Card
                  hoverable
                  size="small"
                  onClick={() => open(n.path!)}
                  style={{ textAlign: 'center' }}
                  role="link"
                  aria-label={pick(n.meta?.i18n, n.name)}
                >
                  <div style={{ fontSize: 22 }}>{menuIcon(n.source)}</div>
                  <div>{pick(n.meta?.i18n, n.name)}</div>
                </Card>
              </div>
            ))}
          </div>
        </Card>
      </div>
      <div className={css.thirdLg}>
        <Card title={t('wel.pending')}>
          <div className={css.row}>
            {data?.pendingApprovals !== null && data?.pendingApprovals !== undefined && (
              <div className={css.half}>
                <Statistic title={t('wel.pendingApprovals')} value={data.pendingApprovals} />
              </div>
            )}
            <div className={css.half}>
              <Statistic title={t('wel.unreadNotices')} value={unreadText(data?.unreadNotices ?? 0)} />
            </div>
          </div>
        </Card>
      </div>
      <div>
        <Card title={t('wel.notices')}>
          {data?.notices.length ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.notices.map((n, i) => (
                <li
                  key={n.id}
                  style={{
                    display: 'flex',
                    gap: 16,
                    padding: '12px 0',
                    borderTop: i ? `1px solid ${token.colorSplit}` : undefined,
                  }}
                >
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <div style={{ color: token.colorText, marginBottom: 4 }}>{n.title}</div>
                    <div style={{ color: token.colorTextDescription }}>{n.content}</div>
                  </div>
                  <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
                    {n.publishTime}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty description={t('wel.noNotice')} />
          )}
        </Card>
      </div>
      {/* Last: the other features' cards load after the page shows, and nothing below them moves when
          they come in (a card above the notices pushed them down the screen, a layout shift). */}
      <WidgetSlot />
    </div>
  );
}
