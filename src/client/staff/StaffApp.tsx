import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazy, Suspense, useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { staffMay, type StaffMember, type StaffPermission, type StaffSession } from '../../shared/contract/staff';
import { ApiError } from '../lib/api';
import { onStaffSignedOut, setStaffToken, staffCall, staffToken } from './api';
import { activateStaffLocale, nativeName, STAFF_LOCALES } from './i18n';
import { useRoleName } from './role-name';

interface ScreenProps {
  me: StaffMember;
}

/**
 * Every staff screen once: its path, its tab, who may open it, and its lazily loaded code (a
 * screen's code downloads when someone opens it, never with the board). The order is the tabs'.
 */
const SCREENS = [
  { id: 'board', group: 'service', path: '/staff', label: msg`Orders`, permission: 'board', component: lazy(() => import('./Board')) },
  { id: 'availability', group: 'service', path: '/staff/availability', label: msg`Sold out`, permission: 'availability', component: lazy(() => import('./AvailabilityScreen')) },
  { id: 'messages', group: 'service', path: '/staff/messages', label: msg`Messages`, permission: 'messages', component: lazy(() => import('./MessagesScreen')) },
  { id: 'reservations', group: 'service', path: '/staff/reservations', label: msg`Reservations`, permission: 'reservations', component: lazy(() => import('./ReservationsScreen')) },
  { id: 'menu', group: 'office', path: '/staff/menu', label: msg`Menu`, permission: 'editRead', component: lazy(() => import('./menu/MenuScreen')) },
  { id: 'combos', group: 'office', path: '/staff/combo-menus', label: msg`Combo menus`, permission: 'editRead', component: lazy(() => import('./combos/ComboMenusScreen')) },
  { id: 'hours', group: 'office', path: '/staff/hours', label: msg`Opening hours`, permission: 'editRead', component: lazy(() => import('./hours/HoursScreen')) },
  { id: 'pages', group: 'office', path: '/staff/pages', label: msg`Pages`, permission: 'editRead', component: lazy(() => import('./pages/PagesScreen')) },
  { id: 'tables', group: 'office', path: '/staff/tables', label: msg`Table QR codes`, permission: 'tables', component: lazy(() => import('./TablesScreen')) },
  { id: 'printers', group: 'office', path: '/staff/printers', label: msg`Printers`, permission: 'editRead', component: lazy(() => import('./PrintersScreen')) },
  { id: 'team', group: 'office', path: '/staff/team', label: msg`Team`, permission: 'team', component: lazy(() => import('./TeamScreen')) },
  { id: 'photos', group: 'office', path: '/staff/photos', label: msg`Photos`, permission: 'editRead', component: lazy(() => import('./photos/PhotosScreen')) },
  { id: 'settings', group: 'office', path: '/staff/settings', label: msg`Settings`, permission: 'editRead', component: lazy(() => import('./settings/SettingsScreen')) },
  { id: 'areas', group: 'office', path: '/staff/areas', label: msg`Delivery areas`, permission: 'editRead', component: lazy(() => import('./areas/AreasScreen')) },
  { id: 'log', group: 'office', path: '/staff/log', label: msg`History`, permission: 'audit', component: lazy(() => import('./LogScreen')) },
] as const satisfies readonly {
  id: string;
  /** Service screens are tabs of the top bar; the back office's share one tab and a second row of their own. */
  group: 'service' | 'office';
  path: string;
  label: MessageDescriptor;
  permission: StaffPermission;
  component: ComponentType<ScreenProps>;
}[];

type Screen = (typeof SCREENS)[number]['id'];
type ScreenEntry = (typeof SCREENS)[number];

function screenOf(pathname: string): Screen {
  const path = pathname.replace(/\/+$/, '') || '/staff';
  return SCREENS.find((s) => s.path === path)?.id ?? 'board';
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
  const go = (next: ScreenEntry) => {
    history.pushState(null, '', next.path);
    setScreen(next.id);
  };
  const role = me.data.role;
  const allowed = SCREENS.filter((s) => staffMay(role, s.permission));
  const current = allowed.find((s) => s.id === screen) ?? SCREENS[0];
  const Current: ComponentType<ScreenProps> = current.component;
  const signOut = async () => {
    await staffCall('POST', '/logout').catch(() => undefined);
    setStaffToken(null);
    queryClient.clear();
    setToken(null);
  };
  return (
    <div className="staff-shell">
      <nav className="staff-nav" aria-label={t`Staff screens`}>
        <NavTabs current={current} screens={allowed} go={go} />
        <span className="staff-nav__who">
          {me.data.name} · {roleName(role)}
        </span>
        <LanguageToggle />
        <button type="button" className="staff-button staff-button--quiet" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </button>
      </nav>
      {current.group === 'office' ? <OfficeTabs current={current} screens={allowed} go={go} /> : null}
      <Suspense fallback={<p className="staff-muted">…</p>}>
        <Current me={me.data} />
      </Suspense>
    </div>
  );
}

type Go = (s: ScreenEntry) => void;

function TabLink({ screen, label, current, go }: { screen: ScreenEntry; label: string; current: boolean; go: Go }) {
  return (
    <a
      href={screen.path}
      aria-current={current ? 'page' : undefined}
      onClick={(e) => {
        e.preventDefault();
        go(screen);
      }}
    >
      {label}
    </a>
  );
}

function NavTabs({ current, screens, go }: { current: ScreenEntry; screens: readonly ScreenEntry[]; go: Go }) {
  const { t } = useLingui();
  const office = screens.find((s) => s.group === 'office');
  return (
    <ul className="staff-nav__tabs">
      {screens
        .filter((s) => s.group === 'service')
        .map((s) => (
          <li key={s.id}>
            <TabLink screen={s} label={t(s.label)} current={current.id === s.id} go={go} />
          </li>
        ))}
      {office ? (
        <li>
          <TabLink screen={office} label={t`Restaurant`} current={current.group === 'office'} go={go} />
        </li>
      ) : null}
    </ul>
  );
}

/** The back office's own row: menu, photos, hours, pages, settings and the rest, one tab each. */
function OfficeTabs({ current, screens, go }: { current: ScreenEntry; screens: readonly ScreenEntry[]; go: Go }) {
  const { t } = useLingui();
  return (
    <nav className="staff-subnav" aria-label={t`Restaurant`}>
      <ul>
        {screens
          .filter((s) => s.group === 'office')
          .map((s) => (
            <li key={s.id}>
              <TabLink screen={s} label={t(s.label)} current={current.id === s.id} go={go} />
            </li>
          ))}
      </ul>
    </nav>
  );
}

function LanguageToggle() {
  const { i18n, t } = useLingui();
  return (
    <label className="staff-language">
      <span className="visually-hidden">{t`Language`}</span>
      <select className="staff-language__select" value={i18n.locale} onChange={(e) => void activateStaffLocale(e.target.value)}>
        {STAFF_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {nativeName(code)}
          </option>
        ))}
      </select>
    </label>
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
