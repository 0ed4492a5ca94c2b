/**
 * `npx tsx scripts/stand-in-idp.ts`: the stand-in Google and Facebook sign-in on its own, for
 * Playwright's second webServer and for trying sign-in by hand without real accounts.
 * PORT (3999), HOST (127.0.0.1), GOOGLE_CLIENT_ID, FACEBOOK_APP_ID and FACEBOOK_APP_SECRET set it up.
 */
import { STAND_IN_DEFAULTS, startStandInIdp } from '../tests/support/stand-in-idp';
import { closeOnSignal, portFromEnv } from './lib/stand-in-process';

const port = portFromEnv(3999);

const idp = await startStandInIdp({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  googleClientId: process.env.GOOGLE_CLIENT_ID ?? STAND_IN_DEFAULTS.googleClientId,
  facebookAppId: process.env.FACEBOOK_APP_ID ?? STAND_IN_DEFAULTS.facebookAppId,
  facebookAppSecret: process.env.FACEBOOK_APP_SECRET ?? STAND_IN_DEFAULTS.facebookAppSecret,
});

const google = idp.googleConfig();
const facebook = idp.facebookConfig();
console.log(`Stand-in identity provider on ${idp.url}`);
console.log(`  Google   client ${google.clientId}: authorize ${idp.googleAuthUrl}, JWKS ${google.jwksUrl}, issuer ${google.issuers.join(' ')}`);
console.log(`  Facebook app ${facebook.appId}: dialog ${idp.facebookAuthUrl}, Graph ${facebook.graphUrl}`);

closeOnSignal(idp);
