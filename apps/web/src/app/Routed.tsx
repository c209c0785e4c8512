import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

/** The router and its routes: a chunk of its own, which the sign-in page opened directly does without. */
export default function Routed() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
