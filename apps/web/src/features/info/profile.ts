/** Spec §5 profile rules: an avatar must contain http; only non-empty fields are sent. */
export interface ProfileForm {
  avatar?: string;
  name?: string;
  sex?: number;
}

export const avatarValid = (avatar: string | undefined) => !avatar || avatar.includes('http');

export function profilePayload(f: ProfileForm): ProfileForm {
  const out: ProfileForm = {};
  if (f.avatar?.trim()) out.avatar = f.avatar.trim();
  if (f.name?.trim()) out.name = f.name.trim();
  if (f.sex !== undefined && f.sex !== null) out.sex = f.sex;
  return out;
}
