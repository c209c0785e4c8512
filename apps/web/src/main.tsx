import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/shared/i18n';
import '@/app/session';
import { captureGlobalErrors } from '@/shared/logs/store';
import { App } from '@/app/App';
import './global.css';

captureGlobalErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
