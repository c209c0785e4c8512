import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@/shared/i18n';
import '@/shared/auth/session';
import { captureGlobalErrors } from '@/shared/logs/store';
import { App } from '@/app/App';
import './global.css';

captureGlobalErrors();

// The first render runs as a transition: React yields to the browser between components instead of
// blocking the main thread for the whole tree.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
