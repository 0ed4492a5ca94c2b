import type { SocialProviderId, SocialProviderInfo } from '../../shared/contract/account';
import type { Config } from '../config';
import { createFacebookVerifier, createGoogleVerifier, SocialTokenInvalid, type SocialIdentity } from './verify';

/** A configured social provider: what the browser needs, and how the server checks its tokens. */
export interface SocialLogin {
  info: SocialProviderInfo;
  verify(token: string, nonce: string | null): Promise<SocialIdentity>;
}

export type SocialLogins = Partial<Record<SocialProviderId, SocialLogin>>;

/** Only providers with a client id get a button; the endpoints are configurable so tests can stand in for them. */
export function socialLogins(config: Pick<Config, 'google' | 'facebook'>): SocialLogins {
  const logins: SocialLogins = {};
  if (config.google) {
    const verify = createGoogleVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl, issuers: config.google.issuers });
    logins.google = {
      info: { id: 'google', authorizeUrl: config.google.authUrl, clientId: config.google.clientId },
      // The nonce ties the token to the sign-in this browser started; without one a stolen token could be replayed.
      verify: (token, nonce) => (nonce ? verify(token, nonce) : Promise.reject(new SocialTokenInvalid('missing nonce'))),
    };
  }
  if (config.facebook) {
    const verify = createFacebookVerifier({ appId: config.facebook.appId, appSecret: config.facebook.appSecret, graphUrl: config.facebook.graphUrl });
    logins.facebook = {
      info: { id: 'facebook', authorizeUrl: config.facebook.authUrl, clientId: config.facebook.appId },
      verify: (token) => verify(token),
    };
  }
  return logins;
}
