import { useNavigate } from 'react-router';
import { useSession } from '@/shared/auth/store';
import { pathKind } from '@/shared/menu/tree';

/** Configurable prefixes of spec §2: two external sites and the reporting system. */
const EXTERNAL = (import.meta.env.VITE_EXTERNAL_PREFIXES ?? '')
  .split(',')
  .map((s: string) => s.trim())
  .filter(Boolean);
const REPORT_PREFIX: string | undefined = import.meta.env.VITE_REPORT_PREFIX || undefined;
const REPORT_LOGIN: string | undefined = import.meta.env.VITE_REPORT_LOGIN_URL || undefined;
export const BI_FRAME_MS = 10_000;

/** Opens a menu path the way its prefix says: a new window, the report system after its hidden sign-in, or a tab. */
export function useOpenMenu() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  return (path: string) => {
    const kind = pathKind(path, EXTERNAL, REPORT_PREFIX);
    if (kind === 'tab') return navigate(path);
    if (kind === 'report' && REPORT_LOGIN && user) {
      // The report system signs in with the employee number and the last 4 digits of the phone, in a hidden frame.
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.src = `${REPORT_LOGIN}?username=${encodeURIComponent(user.emp_no)}&password=${encodeURIComponent((user.phone ?? '').slice(-4))}`;
      document.body.appendChild(frame);
      window.setTimeout(() => frame.remove(), BI_FRAME_MS);
    }
    window.open(path, '_blank', 'noopener');
  };
}
