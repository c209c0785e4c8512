import { Suspense, lazy, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';

// Only accounts still on an initial password ever see the dialog: it loads for them alone.
const ForcePasswordDialog = lazy(() => import('./ForcePasswordDialog'));

/** While check-password says the password is an initial one, nothing else can be done until it is changed. */
export function ForcePasswordChange() {
  const client = useQueryClient();
  const { data: initial } = useQuery({
    queryKey: ['check-password'],
    queryFn: () => http.get<boolean>('/api/blade-user/check-password', { silent: true }),
    staleTime: Infinity,
  });
  // Once shown, the dialog stays mounted so that it closes with its animation.
  const [shown, setShown] = useState(false);
  if (initial === true && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense>
      <ForcePasswordDialog
        open={initial === true}
        onDone={() => client.setQueryData(['check-password'], false)}
      />
    </Suspense>
  );
}
