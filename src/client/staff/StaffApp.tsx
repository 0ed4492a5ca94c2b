import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { staffMay, type StaffMember, type StaffSession } from '../../shared/contract/staff';
import { ApiError } from '../lib/api';
import { onStaffSignedOut, setStaffToken, staffCall, staffToken } from './api';
import { activateStaffLocale } from './i18n';
import { useRoleName } from './role-name';

const Board = lazy(() => import('./Board'));
const AvailabilityScreen = lazy(() => import('./AvailabilityScreen'));
const TeamScreen = lazy(() => import('./TeamScreen'));
const LogScreen = lazy(() => import('./LogScreen'));
const TablesScreen = lazy(() => import('./TablesScreen'));
const MessagesScreen = lazy(() => import('./MessagesScreen'));
const ReservationsScreen = lazy(() => import('./ReservationsScreen'));

type Screen = 'board' | 'availability' | 'team' | 'log' | 'tables' | 'messages' | 'reservations';
const PATHS: Record<Screen, string> = {
  board: '/staff',
  availability: '/staff/availability',
  team: '/staff/team',
  log: '/staff/log',
  tables: '/staff/tables',
  messages: '/staff/messages',
  reservations: '/staff/reservations',
};

function screenOf(pathname: string): Screen {
  const found = (Object.entries(PATHS) as [Screen, string][]).find(([, path]) => path === pathname.replace(/\/+$/, ''));
  return found?.[0] ?? 'board';
}

export function StaffApp() {
  const { t } = useLingui();
  const [token, setToken] = useState(staffToken());
  const [screen, setScreen] = useState<Screen>(() => screenOf(location.pathname));
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  useEffect(() => {
    onStaffSignedOut(() => setToken(null));
    const back = () => setScreen(screenOf(location.pathname));
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  const me = useQuery({ queryKey: ['staff', 'me', token], queryFn: () => staffCall<StaffMember>('GET', '/me'), enabled: Boolean(token) });

  if (!token) return <SignIn onSignedIn={(t) => setToken(t)} />;
  if (!me.data) {
    return (
      <main className="staff-center">
        <p className="staff-muted">{me.isError ? <Trans>The server cannot be reached. Retrying…</Trans> : <Trans>Loading…</Trans>}</p>
      </main>
    );
  }
  const go = (next: Screen) => {
    history.pushState(null, '', PATHS[next]);
    setScreen(next);
  };
  const role = me.data.role;
  const allowed = (s: Screen) => s === 'board' || (s === 'availability' && staffMay(role, 'availability')) || (s === 'team' && staffMay(role, 'team')) || (s === 'log' && staffMay(role, 'audit')) || (s === 'tables' && staffMay(role, 'tables')) || (s === 'messages' && staffMay(role, 'messages')) || (s === 'reservations' && staffMay(role, 'reservations'));
  const current = allowed(screen) ? screen : 'board';
  const signOut = async () => {
    await staffCall('POST', '/logout').catch(() => undefined);
    setStaffToken(null);
    queryClient.clear();
    setToken(null);
  };
  return (
    <div className="staff-shell">
      <nav className="staff-nav" aria-label={t`Staff screens`}>
        <NavTabs current={current} allowed={allowed} go={go} />
        <span className="staff-nav__who">
          {me.data.name} · {roleName(role)}
        </span>
        <LanguageToggle />
        <button type="button" className="staff-button staff-button--quiet" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </button>
      </nav>
      <Suspense fallback={<p className="staff-muted">…</p>}>
        {current === 'board' ? <Board me={me.data} /> : null}
        {current === 'availability' ? <AvailabilityScreen /> : null}
        {current === 'team' ? <TeamScreen me={me.data} /> : null}
        {current === 'log' ? <LogScreen /> : null}
        {current === 'tables' ? <TablesScreen /> : null}
        {current === 'messages' ? <MessagesScreen me={me.data} /> : null}
        {current === 'reservations' ? <ReservationsScreen me={me.data} /> : null}
      </Suspense>
    </div>
  );
}

function NavTabs({ current, allowed, go }: { current: Screen; allowed: (s: Screen) => boolean; go: (s: Screen) => void }) {
  const { t } = useLingui();
  const labels: Record<Screen, string> = { board: t`Orders`, availability: t`Sold out`, messages: t`Messages`, reservations: t`Reservations`, tables: t`Table QR codes`, team: t`Team`, log: t`Log` };
  return (
    <ul className="staff-nav__tabs">
      {(Object.keys(labels) as Screen[]).filter(allowed).map((s) => (
        <li key={s}>
          <a
            href={PATHS[s]}
            aria-current={current === s ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              go(s);
            }}
          >
            {labels[s]}
          </a>
        </li>
      ))}
    </ul>
  );
}


function LanguageToggle() {
  const { i18n } = useLingui();
  const next = i18n.locale === 'de' ? 'en' : 'de';
  return (
    <button type="button" className="staff-button staff-button--quiet" lang={next} onClick={() => void activateStaffLocale(next)}>
      {next === 'de' ? 'Deutsch' : 'English'}
    </button>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const session = await staffCall<StaffSession>('POST', '/login', { email: form.get('email'), password: form.get('password') });
      setStaffToken(session.token);
      onSignedIn(session.token);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t`The server cannot be reached. Please check the connection.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="staff-center">
      <form className="staff-card staff-signin" onSubmit={(e) => void submit(e)}>
        <h1>
          <Trans>Staff sign-in</Trans>
        </h1>
        <label>
          <Trans>E-mail</Trans>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          <Trans>Password</Trans>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error ? (
          <p role="alert" className="staff-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          <Trans>Sign in</Trans>
        </button>
      </form>
    </main>
  );
}
