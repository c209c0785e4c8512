import type { MicroAppProps } from '@forecourt/contracts';
import { ApiError, fetchUserInfo, type UserInfo } from './api';
import { TEXTS, type Lang, type TextKey } from './texts';
import './style.css';

type State =
  { kind: 'loading' } | { kind: 'ready'; info: UserInfo } | { kind: 'failed'; reason: string | null };

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
};

/**
 * The sample's one screen: who is signed in, fetched from the server with the token the shell passed.
 * Plain DOM on purpose: a micro-app this small should not bring a framework of its own.
 */
export class DemoApp {
  private state: State = { kind: 'loading' };
  private abort?: AbortController;

  constructor(
    private readonly root: HTMLElement,
    private props: MicroAppProps,
  ) {}

  private t(key: TextKey, vars: Record<string, string> = {}) {
    const lang: Lang = this.props.language === 'en' ? 'en' : 'zh';
    return TEXTS[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  }

  start() {
    void this.load();
  }

  /** The shell passes new props when its language changes. */
  update(props: MicroAppProps) {
    this.props = props;
    this.render();
  }

  stop() {
    this.abort?.abort();
    this.root.replaceChildren();
  }

  private async load() {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.state = { kind: 'loading' };
    this.render();
    try {
      const info = await fetchUserInfo(this.props, abort.signal);
      this.state = { kind: 'ready', info };
    } catch (e) {
      if (abort.signal.aborted) return;
      if (e instanceof ApiError && e.status === 401) this.props.onUnauthorized();
      this.state = { kind: 'failed', reason: e instanceof ApiError ? e.message : null };
    }
    this.render();
  }

  private render() {
    const s = this.state;
    const body: Node[] = [];
    if (s.kind === 'loading') body.push(el('p', { class: 'fmd-muted', role: 'status' }, this.t('loading')));
    if (s.kind === 'failed')
      body.push(
        el(
          'p',
          { class: 'fmd-error', role: 'alert' },
          this.t('failed', { reason: s.reason ?? this.t('network') }),
        ),
      );
    if (s.kind === 'ready') {
      const { info } = s;
      const row = (key: TextKey, value: string | undefined) =>
        el('div', { class: 'fmd-row' }, el('dt', {}, this.t(key)), el('dd', {}, value || '—'));
      body.push(
        el(
          'p',
          { class: 'fmd-who', 'data-testid': 'micro-demo-user' },
          `${this.t('signedInAs')}: `,
          el('strong', {}, info.real_name || info.nick_name || info.account),
        ),
        el(
          'dl',
          { class: 'fmd-list' },
          row('account', info.account),
          row('tenant', info.tenant_id),
          row('dept', info.dept_name),
          row('role', info.role_name),
        ),
      );
    }
    const refresh = el('button', { type: 'button', class: 'fmd-button' }, this.t('refresh'));
    refresh.addEventListener('click', () => void this.load());
    if (s.kind === 'loading') refresh.setAttribute('disabled', '');
    this.root.replaceChildren(
      el(
        'section',
        { class: 'fmd-card', 'aria-labelledby': 'fmd-title' },
        el('h2', { id: 'fmd-title', class: 'fmd-title' }, this.t('title')),
        el('p', { class: 'fmd-muted' }, this.t('intro')),
        ...body,
        refresh,
      ),
    );
  }
}
