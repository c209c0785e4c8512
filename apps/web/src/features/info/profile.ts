import { isUrl } from '@forecourt/contracts';

/**
 * Spec §5 profile rules: a filled avatar must be a URL (the contracts' check, the one the server runs:
 * starting with http:// or https://, so "contains http" such as javascript:…//http:// is refused); only
 * non-empty fields are sent, trimmed.
 */
export interface ProfileForm {
  avatar?: string;
  name?: string;
  sex?: number;
}

export const avatarValid = (avatar: string | undefined) => !avatar?.trim() || isUrl(avatar.trim());

export function profilePayload(f: ProfileForm): ProfileForm {
  const out: ProfileForm = {};
  if (f.avatar?.trim()) out.avatar = f.avatar.trim();
  if (f.name?.trim()) out.name = f.name.trim();
  if (f.sex !== undefined && f.sex !== null) out.sex = f.sex;
  return out;
}
