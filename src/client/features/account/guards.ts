import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { currentUser } from './session';

/** Only same-site paths: `?redirect=//evil.example` must not send a fresh sign-in elsewhere. */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length < 500 ? value : undefined;
}

/** Spec §2: /login, /register and /reset-password are for visitors; signed-in customers go home. */
export async function visitorsOnly(queryClient: QueryClient): Promise<void> {
  if (await currentUser(queryClient)) throw redirect({ to: '/' });
}

/** Spec §2/§6: /me/* needs a customer; visitors sign in and come back, table diners go home. */
export async function customersOnly(queryClient: QueryClient, location: ParsedLocation, atTable: boolean): Promise<void> {
  if (atTable) throw redirect({ to: '/' });
  if (!(await currentUser(queryClient))) throw redirect({ to: '/login', search: { redirect: location.href } });
}
