import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BI_FRAME_MS, openMenuPath, prefixSettings } from './navigate';

const settings = prefixSettings({
  VITE_EXTERNAL_PREFIXES: ' https://crm.example.com , https://dms.example.com ',
  VITE_REPORT_PREFIX: 'https://bi.example.com',
  VITE_REPORT_LOGIN_URL: 'https://bi.example.com/sso/login',
});
const user = { emp_no: 'E10023', phone: '13800138123' };
const frames = () => [...document.querySelectorAll('iframe')];

describe('menu path prefixes (spec §2)', () => {
  let open: ReturnType<typeof vi.fn<(url: string, target: string, features: string) => void>>;
  let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
  beforeEach(() => {
    vi.useFakeTimers();
    open = vi.fn<(url: string, target: string, features: string) => void>();
    navigate = vi.fn<(to: string) => void>();
    vi.stubGlobal('open', open);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('reads the two external sites and the report system from the build settings', () => {
    expect(settings).toEqual({
      external: ['https://crm.example.com', 'https://dms.example.com'],
      reportPrefix: 'https://bi.example.com',
      reportLogin: 'https://bi.example.com/sso/login',
    });
    expect(prefixSettings({})).toEqual({ external: [], reportPrefix: undefined, reportLogin: undefined });
  });

  it('signs in to the report system in a hidden frame with the employee number and the last 4 phone digits, removed after 10 s', () => {
    openMenuPath('https://bi.example.com/report/sales', settings, user, navigate);

    expect(open).toHaveBeenCalledWith('https://bi.example.com/report/sales', '_blank', 'noopener');
    expect(navigate).not.toHaveBeenCalled();
    const [frame] = frames();
    expect(frame).toBeDefined();
    expect(frame!.style.display).toBe('none');
    const src = new URL(frame!.src);
    expect(src.origin + src.pathname).toBe('https://bi.example.com/sso/login');
    expect(src.searchParams.get('username')).toBe('E10023');
    expect(src.searchParams.get('password')).toBe('8123');

    vi.advanceTimersByTime(BI_FRAME_MS - 1);
    expect(frames()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(frames()).toHaveLength(0);
  });

  it('opens the report system without a frame when no sign-in page is configured', () => {
    openMenuPath('https://bi.example.com/r', { ...settings, reportLogin: undefined }, user, navigate);
    expect(open).toHaveBeenCalledTimes(1);
    expect(frames()).toHaveLength(0);
  });

  it('opens either external site in a new window, without signing in anywhere', () => {
    openMenuPath('https://crm.example.com/leads', settings, user, navigate);
    openMenuPath('https://dms.example.com/stock?x=1', settings, user, navigate);
    expect(open.mock.calls.map((c) => c[0])).toEqual([
      'https://crm.example.com/leads',
      'https://dms.example.com/stock?x=1',
    ]);
    expect(frames()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens any other http(s) address in a new tab and every other path as a workspace tab', () => {
    openMenuPath('http://ant.design', settings, user, navigate);
    expect(open).toHaveBeenCalledWith('http://ant.design', '_blank', 'noopener');
    openMenuPath('/system/user', settings, user, navigate);
    openMenuPath('/qiankun/micro/demo', settings, user, navigate);
    expect(navigate.mock.calls.map((c) => c[0])).toEqual(['/system/user', '/qiankun/micro/demo']);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
