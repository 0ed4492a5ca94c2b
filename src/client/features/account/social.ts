/**
 * Social sign-in by redirect (no provider scripts on our pages): the provider returns to /login
 * with a token in the URL fragment, which the server verifies itself.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SocialProviderId, SocialProviderInfo } from '../../../shared/contract/account';
import { get } from '../../lib/api';
import { STORAGE_KEYS } from '../../lib/storage-keys';

const PENDING_KEY = 'social-sign-in';

interface Pending {
  provider: SocialProviderId;
  state: string;
  nonce: string;
  redirect: string;
}

export const socialProvidersQuery = () =>
  queryOptions({ queryKey: ['social-providers'], queryFn: ({ signal }) => get<SocialProviderInfo[]>('/social/providers', undefined, signal) });

function random(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) => (c === '+' ? '-' : c === '/' ? '_' : ''));
}

export function returnUrl(): string {
  return `${window.location.origin}/login`;
}

export function startSocialSignIn(provider: SocialProviderInfo, redirect: string): void {
  const pending: Pending = { provider: provider.id, state: random(), nonce: random(), redirect };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const params = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: returnUrl(),
    state: pending.state,
    ...(provider.id === 'google'
      ? { response_type: 'id_token', scope: 'openid email profile', nonce: pending.nonce, prompt: 'select_account' }
      : { response_type: 'token', scope: 'email', ...facebookAfterSignOut() }),
  });
  window.location.assign(`${provider.authorizeUrl}?${params.toString()}`);
}

/**
 * Facebook returns whoever is signed in to facebook.com in this browser without a word; after a
 * sign-out here it must ask for the password, or the next person on the device becomes the last.
 * (Google is always asked to show its account chooser.)
 */
function facebookAfterSignOut(): { auth_type?: string } {
  return localStorage.getItem(STORAGE_KEYS.socialSignedOut) ? { auth_type: 'reauthenticate' } : {};
}

export type SocialReturn =
  | { kind: 'token'; provider: SocialProviderId; token: string; nonce: string; redirect: string }
  | { kind: 'cancelled'; provider: SocialProviderId }
  | { kind: 'invalid' };

/** Reads (and clears) a provider's answer from the fragment; null when this is a plain visit to /login. */
export function readSocialReturn(hash: string): SocialReturn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('state')) return null;
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  let pending: Pending | null = null;
  try {
    pending = raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    pending = null;
  }
  // A fragment this tab did not ask for (or a replayed one) is ignored.
  if (!pending || params.get('state') !== pending.state) return { kind: 'invalid' };
  if (params.has('error')) return { kind: 'cancelled', provider: pending.provider };
  const token = params.get(pending.provider === 'google' ? 'id_token' : 'access_token');
  if (!token) return { kind: 'invalid' };
  return { kind: 'token', provider: pending.provider, token, nonce: pending.nonce, redirect: pending.redirect };
}

/** The verified identity waiting for the registration form (never in the URL: the ticket signs up). */
const REGISTRATION_KEY = 'social-registration';

export interface SocialRegistration {
  name: string;
  email: string;
  socialName: SocialProviderId;
  socialTicket: string;
}

export function keepRegistration(registration: SocialRegistration): void {
  sessionStorage.setItem(REGISTRATION_KEY, JSON.stringify(registration));
}

export function takeRegistration(): SocialRegistration | null {
  const raw = sessionStorage.getItem(REGISTRATION_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SocialRegistration;
  } catch {
    return null;
  }
}

export function dropRegistration(): void {
  sessionStorage.removeItem(REGISTRATION_KEY);
}
