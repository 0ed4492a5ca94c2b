/** The staff app's calls: the shared API client with the staff token instead of a customer's. */
import { apiErrorOf, send } from '../lib/api';

const TOKEN_KEY = 'staff-token';

export function staffToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setStaffToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export function staffHeaders(): Record<string, string> {
  const token = staffToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

let signedOut: () => void = () => undefined;
export function onStaffSignedOut(listener: () => void): void {
  signedOut = listener;
}

export async function staffCall<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const { status, body: answer } = await send(method, `/staff${path}`, { body, headers: staffHeaders() });
  if (status === 401 && staffToken()) {
    setStaffToken(null);
    signedOut();
  }
  if (status < 200 || status >= 300) throw apiErrorOf(status, answer);
  return (answer as { data: T }).data;
}
