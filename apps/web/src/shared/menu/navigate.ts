import { useNavigate } from 'react-router';
import { useSession, type UserInfo } from '@/shared/auth/store';
import { pathKind } from '@/shared/menu/tree';

/** Spec §9: the report system's hidden sign-in frame is removed after this. */
export const BI_FRAME_MS = 10_000;

/** The configurable prefixes of spec §2: two external sites and the reporting system with its sign-in page. */
export interface PrefixSettings {
  external: string[];
  reportPrefix?: string;
  reportLogin?: string;
}

/** From the build settings VITE_EXTERNAL_PREFIXES (comma-separated), VITE_REPORT_PREFIX, VITE_REPORT_LOGIN_URL. */
export function prefixSettings(env: Record<string, string | undefined>): PrefixSettings {
  return {
    external: (env.VITE_EXTERNAL_PREFIXES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    reportPrefix: env.VITE_REPORT_PREFIX?.trim() || undefined,
    reportLogin: env.VITE_REPORT_LOGIN_URL?.trim() || undefined,
  };
}

/**
 * The report system signs staff in with their employee number and the last 4 digits of their phone,
 * in a hidden frame (it sets the report system's own cookie); the frame goes after 10 s.
 */
export function reportSignIn(loginUrl: string, user: Pick<UserInfo, 'emp_no' | 'phone'>): HTMLIFrameElement {
  const url = new URL(loginUrl, window.location.href);
  url.searchParams.set('username', user.emp_no ?? '');
  url.searchParams.set('password', (user.phone ?? '').slice(-4));
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url.href;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), BI_FRAME_MS);
  return frame;
}

/** Opens a menu path the way its prefix says: a new window, the report system after its hidden sign-in, or a tab. */
export function openMenuPath(
  path: string,
  settings: PrefixSettings,
  user: Pick<UserInfo, 'emp_no' | 'phone'> | undefined,
  navigate: (to: string) => void,
) {
  const kind = pathKind(path, settings.external, settings.reportPrefix);
  if (kind === 'tab') return navigate(path);
  if (kind === 'report' && settings.reportLogin && user) reportSignIn(settings.reportLogin, user);
  window.open(path, '_blank', 'noopener');
}

const SETTINGS = prefixSettings(import.meta.env);

export function useOpenMenu() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  return (path: string) => openMenuPath(path, SETTINGS, user, (to) => void navigate(to));
}
