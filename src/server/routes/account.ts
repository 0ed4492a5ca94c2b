/**
 * Sign-in, registration, password reset, social sign-in and the profile (spec §7 auth and /me calls).
 * Tokens are opaque and stored hashed; every door is rate-limited per address and per account.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  loginSchema,
  needsCurrentPassword,
  profileSchema,
  registerSchema,
  resetConfirmSchema,
  resetPasswordSchema,
  socialSchema,
  type AuthResult,
  type SocialProviderId,
  type SocialProviderInfo,
  type SocialResult,
} from '../../shared/contract/account';
import { isOn, text } from '../../shared/contract/settings';
import { V } from '../../shared/contract/validation';
import { beforeLogin, forgetLoginFailures, loginFailed, loginSucceeded } from '../auth/login-throttle';
import { consumeOneTimeToken, issueOneTimeToken, revokeOneTimeTokens } from '../auth/one-time-tokens';
import { assertAcceptablePassword } from '../auth/password-policy';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { AUTH_LIMITS, clearLimit, consume, count, refuseWhenFull } from '../auth/rate-limit';
import { requireSession, userOut } from '../auth/session';
import { issueToken, revokeAllTokens, revokeToken, type UserRow } from '../auth/tokens';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { passwordResetMail, welcomeMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { FieldErrors, HttpError } from '../plugins/errors';
import { loadSettings } from '../settings';
import type { SocialLogins } from '../social/logins';
import { SocialProviderUnavailable, SocialTokenInvalid, type SocialIdentity } from '../social/verify';

export const RESET_LINK_MINUTES = 60;
const SOCIAL_TICKET_MINUTES = 30;

export interface AccountOptions {
  db: Db;
  mailer: Mailer;
  /** The origin links in e-mails point to; never the request's Host, which a sender can forge. */
  siteUrl: string;
  social: SocialLogins;
  /** Multiplies every rate limit (1 in production; a local demo may raise it). */
  rateLimitScale: number;
}

interface SocialTicketPayload {
  provider: SocialProviderId;
  socialId: string;
  email: string | null;
  name: string;
}

export async function accountRoutes(app: FastifyInstance, options: AccountOptions): Promise<void> {
  const { db, mailer, siteUrl } = options;
  const limit = (request: FastifyRequest, name: keyof typeof AUTH_LIMITS, subject: string) =>
    consume(db, `${name}:${subject}`, AUTH_LIMITS[name], request.lang, options.rateLimitScale);

  async function signIn(user: UserRow): Promise<AuthResult> {
    const { token, expiresAt } = await issueToken(db, user.id);
    return { token, expiresAt: expiresAt.toISOString(), user: await userOut(db, user) };
  }

  async function userByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
    return user;
  }

  /**
   * The profile's proof that the person at the keyboard owns the account. Wrong guesses are
   * counted per account: a stolen session must not become a way to try passwords.
   */
  async function checkCurrentPassword(request: FastifyRequest, user: UserRow, password: string): Promise<void> {
    const key = `currentPasswordFailures:${user.id}`;
    const rule = AUTH_LIMITS.currentPasswordFailures;
    await refuseWhenFull(db, key, rule, request.lang, options.rateLimitScale);
    // An account made through Google or Facebook has no password to prove: it sets one by reset link.
    if (!user.passwordHash) throw new FieldErrors({ current_password: [say(request.lang, 'auth.noPasswordYet')] });
    if (!(await verifyPassword(user.passwordHash, password))) {
      await count(db, key, rule);
      throw new FieldErrors({ current_password: [say(request.lang, V.currentPassword)] });
    }
    await clearLimit(db, key);
  }

  /**
   * Nobody verified the e-mail of an existing account; the provider just did. So the account is
   * the provider's person now: whoever made it (possibly with someone else's address) loses the
   * password, the other sign-ins and every open session.
   */
  async function takeOverByVerifiedEmail(userId: number, identity: SocialIdentity): Promise<UserRow | undefined> {
    return db.transaction(async (tx) => {
      const [user] = await tx.update(t.users).set({ passwordHash: null, updatedAt: new Date() }).where(eq(t.users.id, userId)).returning();
      await tx.delete(t.socialAccounts).where(eq(t.socialAccounts.userId, userId));
      await tx.insert(t.socialAccounts).values({ provider: identity.provider, socialId: identity.socialId, userId }).onConflictDoNothing();
      await revokeAllTokens(tx, userId);
      return user;
    });
  }

  app.post('/login', async (request) => {
    const values = await loginSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    const attempt = { db, scope: 'login' as const, address: request.ip, account: values.email, lang: request.lang, scale: options.rateLimitScale };
    await beforeLogin(attempt);
    const user = await userByEmail(values.email);
    const ok = await verifyPassword(user?.passwordHash ?? null, values.password);
    if (!user || !ok) {
      await loginFailed(attempt);
      throw new FieldErrors({ email: [say(request.lang, 'auth.badCredentials')] });
    }
    await loginSucceeded(attempt);
    if (user.passwordHash && needsRehash(user.passwordHash)) {
      await db.update(t.users).set({ passwordHash: await hashPassword(values.password) }).where(eq(t.users.id, user.id));
    }
    return { data: await signIn(user) };
  });

  app.post('/register', async (request, reply) => {
    const settings = await loadSettings(db);
    if (!isOn(settings, 'ALLOW_REGISTRATION')) throw new HttpError(403, say(request.lang, 'auth.registrationClosed'));
    await limit(request, 'registerPerAddress', request.ip);
    const values = await registerSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    if (await userByEmail(values.email)) throw new FieldErrors({ email: [say(request.lang, 'auth.emailTaken')] });

    let social: SocialTicketPayload | null = null;
    if (values.socialTicket) {
      const ticket = await consumeOneTimeToken(db, values.socialTicket, 'social_signup');
      if (!ticket) throw new FieldErrors({ socialTicket: [say(request.lang, 'auth.socialTicketExpired')] });
      social = ticket.payload as SocialTicketPayload;
      // The provider vouched for one address: an account made with its ticket keeps that address,
      // or the ticket could plant someone else's e-mail on an account its holder controls.
      if (social.email && social.email !== values.email) {
        throw new FieldErrors({ email: [say(request.lang, 'auth.socialEmailMismatch', { email: social.email })] });
      }
    }

    if (values.password) assertAcceptablePassword(values.password, { email: values.email }, request.lang);
    const passwordHash = values.password ? await hashPassword(values.password) : null;
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(t.users)
        .values({ name: values.name, email: values.email, phone: values.phone, passwordHash, lang: request.lang })
        .onConflictDoNothing()
        .returning();
      if (created && social) {
        await tx.insert(t.socialAccounts).values({ provider: social.provider, socialId: social.socialId, userId: created.id }).onConflictDoNothing();
      }
      return created;
    });
    // Two registrations with one address at once: the second finds the first's row.
    if (!user) throw new FieldErrors({ email: [say(request.lang, 'auth.emailTaken')] });

    void mailer.send({
      to: user.email,
      ...welcomeMail({ lang: request.lang, siteTitle: text(settings, 'SITE_TITLE'), name: user.name, loginUrl: `${siteUrl}/login` }),
    });
    // Registering signs the new customer in (decision 004, amended in issue 9): nobody types the
    // password they just chose a second time, and an order begun as a guest goes on at once.
    return reply.code(201).send({ data: await signIn(user) });
  });

  app.post('/reset-password', async (request) => {
    await limit(request, 'resetPerAddress', request.ip);
    const { email } = await resetPasswordSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    await limit(request, 'resetPerAccount', email);
    const user = await userByEmail(email);
    if (user) {
      const token = await issueOneTimeToken(db, 'password_reset', RESET_LINK_MINUTES, { userId: user.id });
      const settings = await loadSettings(db);
      void mailer.send({
        to: user.email,
        ...passwordResetMail({
          lang: request.lang,
          siteTitle: text(settings, 'SITE_TITLE'),
          name: user.name,
          resetUrl: `${siteUrl}/reset-password?token=${token}`,
          validMinutes: RESET_LINK_MINUTES,
        }),
      });
    }
    // The same answer either way: the form must not tell who has an account.
    return { data: { message: say(request.lang, 'auth.resetSent', { minutes: RESET_LINK_MINUTES }) } };
  });

  app.post('/reset-password/confirm', async (request) => {
    await limit(request, 'resetPerAddress', request.ip);
    const values = await resetConfirmSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    // The e-mail test needs the account, which only the token names: checked in the transaction.
    assertAcceptablePassword(values.password, {}, request.lang);
    const passwordHash = await hashPassword(values.password);
    const email = await db.transaction(async (tx) => {
      const ticket = await consumeOneTimeToken(tx, values.token, 'password_reset');
      if (!ticket?.userId) return null;
      const [owner] = await tx.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, ticket.userId));
      // Throwing rolls the transaction back: the link stays usable for a better password.
      assertAcceptablePassword(values.password, { email: owner?.email }, request.lang);
      const [user] = await tx
        .update(t.users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(t.users.id, ticket.userId))
        .returning({ id: t.users.id, email: t.users.email });
      if (user) {
        await revokeAllTokens(tx, user.id);
        // One link used: every other one mailed before it is spent too.
        await revokeOneTimeTokens(tx, user.id, 'password_reset');
      }
      return user?.email ?? null;
    });
    if (email === null) throw new FieldErrors({ token: [say(request.lang, 'auth.resetExpired')] });
    // Whoever guessed at the account before the reset does not keep its owner waiting.
    await forgetLoginFailures(db, 'login', email);
    return { data: { message: say(request.lang, 'auth.passwordChanged') } };
  });

  app.get('/social/providers', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const settings = await loadSettings(db);
    const data: SocialProviderInfo[] = isOn(settings, 'SOCIAL_LOGIN')
      ? Object.values(options.social).flatMap((p) => (p ? [p.info] : []))
      : [];
    return { data };
  });

  app.post('/social', async (request) => {
    await limit(request, 'socialPerAddress', request.ip);
    const values = await socialSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    const settings = await loadSettings(db);
    const provider = isOn(settings, 'SOCIAL_LOGIN') ? options.social[values.socialName as SocialProviderId] : undefined;
    if (!provider) throw new HttpError(404, say(request.lang, 'auth.socialProviderNotFound'));

    let identity: SocialIdentity;
    try {
      identity = await provider.verify(values.token, values.nonce);
    } catch (err) {
      if (err instanceof SocialTokenInvalid) throw new HttpError(401, say(request.lang, 'auth.socialInvalid'));
      if (err instanceof SocialProviderUnavailable) throw new HttpError(503, say(request.lang, 'auth.socialUnavailable'));
      throw err;
    }

    const [linked] = await db
      .select({ user: t.users })
      .from(t.socialAccounts)
      .innerJoin(t.users, eq(t.users.id, t.socialAccounts.userId))
      .where(and(eq(t.socialAccounts.provider, identity.provider), eq(t.socialAccounts.socialId, identity.socialId)));
    let user = linked?.user;
    // The provider vouches for this address: the account that has it is theirs.
    const email = identity.email?.toLowerCase() ?? null;
    if (!user && email && identity.emailVerified) {
      user = await userByEmail(email);
      if (user) user = await takeOverByVerifiedEmail(user.id, identity);
    }
    let data: SocialResult;
    if (user) {
      data = { status: 'signed_in', auth: await signIn(user) };
    } else {
      const payload: SocialTicketPayload = { provider: identity.provider, socialId: identity.socialId, email, name: identity.name };
      const ticket = await issueOneTimeToken(db, 'social_signup', SOCIAL_TICKET_MINUTES, { payload });
      data = {
        status: 'register',
        registration: { name: identity.name, email: email ?? '', socialName: identity.provider, socialTicket: ticket },
      };
    }
    return { data };
  });

  app.get('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = await requireSession(db, request);
    return { data: await userOut(db, user) };
  });

  app.put('/me', async (request) => {
    const session = await requireSession(db, request);
    const current = session.user;
    const values = await profileSchema.validate(request.body, { abortEarly: false, stripUnknown: true, context: { email: current.email } });
    const emailChanges = values.email !== current.email;
    if (needsCurrentPassword(values, current.email)) await checkCurrentPassword(request, current, values.current_password);
    if (values.password) assertAcceptablePassword(values.password, { email: values.email }, request.lang);
    if (emailChanges) {
      // Each e-mail change answers whether the new address has an account: a few an hour at most.
      await limit(request, 'emailChangePerAccount', String(current.id));
      await limit(request, 'emailChangePerAddress', request.ip);
      const [taken] = await db
        .select({ id: t.users.id })
        .from(t.users)
        .where(and(eq(t.users.email, values.email), ne(t.users.id, current.id)));
      if (taken) throw new FieldErrors({ email: [say(request.lang, 'auth.emailTaken')] });
    }
    const passwordHash = values.password ? await hashPassword(values.password) : undefined;
    const user = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(t.users)
        .set({ name: values.name, email: values.email, phone: values.phone, passwordHash, updatedAt: new Date() })
        .where(eq(t.users.id, current.id))
        .returning();
      if (updated && (passwordHash || emailChanges)) {
        // A new password or address signs out every other device, and no reset link mailed
        // before (possibly to the old address) sets the password any more. This device stays in.
        await revokeAllTokens(tx, updated.id, session.tokenId);
        await revokeOneTimeTokens(tx, updated.id, 'password_reset');
      }
      return updated;
    });
    if (!user) throw new HttpError(401, say(request.lang, 'auth.required'));
    if (passwordHash) await forgetLoginFailures(db, 'login', user.email);
    return { data: await userOut(db, user) };
  });

  app.post('/me/logout', async (request) => {
    const session = await requireSession(db, request);
    await revokeToken(db, session.tokenId);
    return { data: { ok: true } };
  });
}
