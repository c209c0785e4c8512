import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';

/** The server's cache of business dictionaries rebuilt; every dictionary read here is stale after it. */
export function useRefreshDictCache() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<boolean>('/api/blade-system/dict-biz/refresh'),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['dictionary'] }),
  });
}
