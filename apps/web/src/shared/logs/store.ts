import { create } from 'zustand';
import { getStore, setStore } from '../storage';

/** One captured front-end error (spec §3 "Log entry"). */
export interface LogEntry {
  type: 'error' | 'unhandledrejection' | 'render' | 'http';
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

const MAX = 200;

export const useLogs = create<{ logs: LogEntry[] }>(() => ({ logs: getStore<LogEntry[]>('logs') ?? [] }));

export function addLog(entry: Omit<LogEntry, 'url' | 'time'> & Partial<Pick<LogEntry, 'url' | 'time'>>) {
  const full: LogEntry = { url: window.location.href, time: new Date().toISOString(), ...entry };
  const logs = [full, ...useLogs.getState().logs].slice(0, MAX);
  setStore('logs', logs);
  useLogs.setState({ logs });
}

export function clearLogs() {
  setStore('logs', []);
  useLogs.setState({ logs: [] });
}

/** Every unhandled error and rejected promise lands in the local log, but for answered requests. */
export function captureGlobalErrors() {
  window.addEventListener('error', (e) => {
    addLog({
      type: 'error',
      message: e.message || String(e.error),
      stack: (e.error as Error | undefined)?.stack ?? '',
      info: `${e.filename}:${e.lineno}:${e.colno}`,
    });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const r = e.reason as { name?: string; message?: string; stack?: string } | undefined;
    // A failed request nobody awaited was already shown to the user by the HTTP client, and logged there
    // if it was unexpected (no answer, 5xx); a refusal such as a duplicate key is not an error of the app.
    if (r?.name === 'HttpError') return void e.preventDefault();
    addLog({
      type: 'unhandledrejection',
      message: r?.message ?? String(e.reason),
      stack: r?.stack ?? '',
      info: 'unhandled promise rejection',
    });
  });
}
