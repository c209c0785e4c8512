import type { MicroAppProps } from '@forecourt/contracts';
import { DemoApp } from './app';
import { TEXTS } from './texts';

declare global {
  interface Window {
    __POWERED_BY_QIANKUN__?: boolean;
    forecourtMicroDemo?: object;
  }
}

type LifecycleProps = MicroAppProps & { container?: HTMLElement };

const ROOT_ID = 'micro-demo-root';
let app: DemoApp | undefined;

const rootIn = (container?: HTMLElement) =>
  (container?.querySelector<HTMLElement>(`#${ROOT_ID}`) ?? document.getElementById(ROOT_ID))!;

// qiankun's lifecycle functions. An HTML entry's bundle has no exports, so they go on a global, which
// qiankun finds as the last property the script set on its sandboxed window.
async function bootstrap() {}

async function mount(props: LifecycleProps) {
  app = new DemoApp(rootIn(props.container), props);
  app.start();
}

async function update(props: LifecycleProps) {
  app?.update(props);
}

async function unmount() {
  app?.stop();
  app = undefined;
}

/** Opened on its own (/micro/demo/index.html): the shell's session of this origin, if any. */
function standaloneProps(): MicroAppProps | undefined {
  const read = <T>(name: string) => {
    try {
      return (JSON.parse(localStorage.getItem(`forecourt-${name}`) ?? 'null') as { content: T } | null)
        ?.content;
    } catch {
      return undefined;
    }
  };
  const token = read<string>('token');
  const user = read<MicroAppProps['user']>('userInfo');
  if (!token || !user) return undefined;
  return {
    token,
    getToken: () => read<string>('token'),
    user,
    language: read<string>('language') === 'en' ? 'en' : 'zh',
    apiBase: '/api',
    clientAuth: `Basic ${btoa('saber:saber_secret')}`,
    onUnauthorized: () => window.location.assign('/login'),
  };
}

if (window.__POWERED_BY_QIANKUN__) {
  window.forecourtMicroDemo = { bootstrap, mount, update, unmount };
} else {
  const props = standaloneProps();
  if (props) void mount(props);
  else rootIn().textContent = TEXTS[navigator.language.startsWith('zh') ? 'zh' : 'en'].noSession;
}
