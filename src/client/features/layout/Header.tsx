import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { isOn, text } from '../../../shared/contract/settings';
import { cart, itemCount, openCartPanel } from '../cart';
import { usePages, useSettings } from '../catalog';
import { SignOutButton, useMe } from '../account';
import { useDeviceOrders } from '../orders';
import { ScanTableButton } from '../scanner';
import { useReservationDialog } from '../reservation';
import { CartIcon, MenuIcon } from '../../ui/icons';
import { Drawer } from '../../ui/Drawer';
import { LanguageSwitcher } from './LanguageSwitcher';
import { plural } from '@lingui/core/macro';

function NavLinks({ onNavigate, onReserve }: { onNavigate?: () => void; onReserve: () => void }) {
  const settings = useSettings();
  const pages = usePages().filter((p) => p.onHeader);
  const user = useMe();
  // Customers find their orders in the account; the device list serves guests and table diners.
  const deviceOrderCount = useDeviceOrders().length;
  const hasOrders = !user && deviceOrderCount > 0;
  return (
    <>
      <li>
        <Link to="/" onClick={onNavigate} activeOptions={{ exact: true, includeSearch: false }}>
          <Trans>Home</Trans>
        </Link>
      </li>
      {isOn(settings, 'RESERVATION_ENABLED') ? (
        <li>
          <button
            type="button"
            className="site-nav__button"
            aria-haspopup="dialog"
            onClick={() => {
              onNavigate?.();
              onReserve();
            }}
          >
            <Trans>Reservation</Trans>
          </button>
        </li>
      ) : null}
      {pages.map((p) => (
        <li key={p.id}>
          <Link to="." search={(prev) => ({ ...prev, page: p.id })} onClick={onNavigate}>
            {p.name}
          </Link>
        </li>
      ))}
      {hasOrders ? (
        <li>
          <Link to="/orders" onClick={onNavigate}>
            <Trans>My orders</Trans>
          </Link>
        </li>
      ) : null}
      <li>
        <Link to="/contact" onClick={onNavigate}>
          <Trans>Contact Us</Trans>
        </Link>
      </li>
      {user ? (
        <li className="site-nav__account">
          <Link to="/me/my-profile" onClick={onNavigate}>
            <Trans>My Profile</Trans>
          </Link>
          <ul className="site-nav__sub">
            <li>
              <Link to="/me/my-orders" onClick={onNavigate}>
                <Trans>My orders</Trans>
              </Link>
            </li>
            <li>
              <SignOutButton onClick={onNavigate} />
            </li>
          </ul>
        </li>
      ) : (
        <>
          <li>
            <Link to="/login" onClick={onNavigate}>
              <Trans>Login</Trans>
            </Link>
          </li>
          {isOn(settings, 'ALLOW_REGISTRATION') ? (
            <li>
              <Link to="/register" onClick={onNavigate}>
                <Trans>Register</Trans>
              </Link>
            </li>
          ) : null}
        </>
      )}
    </>
  );
}

export function Header() {
  const { t } = useLingui();
  const settings = useSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const reservation = useReservationDialog();
  const { lines } = useSnapshot(cart);
  const count = itemCount(lines);
  const title = text(settings, 'SITE_TITLE');
  const logo = text(settings, 'LOGO');
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <button type="button" className="icon-button site-header__burger" onClick={() => setMenuOpen(true)} aria-label={t`Open menu`}>
          <MenuIcon />
        </button>
        <Link to="/" className="brand" aria-label={title ? t`${title} – home` : t`Home`}>
          {logo ? <img src={logo} alt="" height={40} /> : null}
          {!logo ? <span className="brand__title">{title}</span> : null}
        </Link>
        <nav className="site-nav" aria-label={t`Main`}>
          <ul>
            <NavLinks onReserve={reservation.open} />
          </ul>
        </nav>
        <div className="site-header__actions">
          <ScanTableButton />
          <LanguageSwitcher id="language-header" compact />
          <button type="button" className="cart-button" onClick={() => openCartPanel(true)} aria-label={plural(count, { one: 'Cart, # item', other: 'Cart, # items' })}>
            <CartIcon />
            {count > 0 ? (
              <span className="cart-button__badge" aria-hidden="true">
                {count}
              </span>
            ) : null}
          </button>
        </div>
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={title || t`Menu`} side="start">
        <nav aria-label={t`Main`}>
          <ul className="side-menu">
            <NavLinks onNavigate={() => setMenuOpen(false)} onReserve={reservation.open} />
          </ul>
        </nav>
        <LanguageSwitcher id="language-side" />
      </Drawer>
      {reservation.dialog}
    </header>
  );
}
