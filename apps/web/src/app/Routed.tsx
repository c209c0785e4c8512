import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

/**
 * The router and its routes, loaded with the shell (app/Shell.tsx), which the sign-in page opened
 * directly does without.
 */
export default function Routed() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
