/**
 * Third-party sign-in (the social grant). A provider turns the code/state the browser brought back into
 * an external identity; the account bound to that identity (blade_user.oauth_id) is signed in.
 * Providers are registered by deployment code; none is configured by default.
 */
export interface SocialIdentity {
  /** Stable id at the provider, stored as `${source}:${uuid}` in blade_user.oauth_id. */
  uuid: string;
  nickname?: string;
  avatar?: string;
}

export interface SocialProvider {
  exchange(code: string, state: string | undefined): Promise<SocialIdentity>;
}

const providers = new Map<string, SocialProvider>();

export function registerSocialProvider(source: string, provider: SocialProvider) {
  providers.set(source.toLowerCase(), provider);
}

export function unregisterSocialProvider(source: string) {
  providers.delete(source.toLowerCase());
}

export const socialProvider = (source: string) => providers.get(source.toLowerCase());
export const oauthIdOf = (source: string, uuid: string) => `${source.toLowerCase()}:${uuid}`;
