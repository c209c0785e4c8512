import { useMutation } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { userLoaded, type UserInfo } from '@/shared/auth/store';
import { profilePayload, type ProfileForm } from './profile';

/** The own profile saved, then the signed-in user read again (the header shows the new name and avatar). */
export const useSaveProfile = () =>
  useMutation({
    mutationFn: async (values: ProfileForm) => {
      await http.post('/api/blade-user/update-info', profilePayload(values));
      userLoaded(await http.get<UserInfo>('/api/blade-auth/oauth/user-info'));
    },
  });
