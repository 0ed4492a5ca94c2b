import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { isOn, text } from '../../../shared/contract/settings';
import { SignOutButton, useMe } from '../account';
import { addressListPath } from '../addresses';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries, useLang, usePages, useSettings } from '../catalog';
import { ArrowUpIcon } from '../../ui/icons';
import { FOOTER_NETWORKS, SocialLinks } from './social';
import { telHref } from '../../lib/tel';
import { ChangeBranchLink } from '../branches';

const SCROLL_MS = 600;

/** Spec §9: back to top takes 600 ms, eased; people who ask for less motion get an instant jump. */
function scrollToTop() {
  const start = window.scrollY;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce || start === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / SCROLL_MS);
    const eased = 1 - (1 - p) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * The logos each payment provider stands for. A logo shows only for a way to pay the restaurant
 * really offers: a card provider shows the schemes it takes, a test payment shows none, and the
 * spec's local schemes (MobilePay in Finland, SnapScan in South Africa) wait for their providers.
 */
const PROVIDER_LOGOS: Record<string, { src: string; alt: string | null }[]> = {
  cash: [{ src: '/media/payments/cash.svg', alt: null }],
  stripe: [
    { src: '/media/payments/visa.svg', alt: 'Visa' },
    { src: '/media/payments/mastercard.svg', alt: 'Mastercard' },
  ],
  mobilepay: [{ src: '/media/payments/mobilepay.svg', alt: 'MobilePay' }],
  snapscan: [{ src: '/media/payments/snapscan.svg', alt: 'SnapScan' }],
};

const STORES = [
  { key: 'ANDROID_APP_URL', src: '/media/stores/google-play.svg', alt: 'Google Play' },
  { key: 'IOS_APP_URL', src: '/media/stores/app-store.svg', alt: 'App Store' },
  { key: 'HUAWEI_APP_URL', src: '/media/stores/app-gallery.svg', alt: 'AppGallery' },
] as const;

export function Footer() {
  const { t } = useLingui();
  const settings = useSettings();
  const user = useMe();
  const pages = usePages().filter((p) => p.onFooter);
  // Read from the cache only, never fetched for the footer: the checkout and the idle menu download
  // (not made with Save-Data on) load the providers; until then the footer shows no logos.
  const providers = useQuery({ ...catalogQueries.paymentProviders(useLang()), enabled: false }).data ?? [];
  // A logo without a brand (cash) is named by the provider's own, translated name.
  const payments = providers.flatMap((p) => (PROVIDER_LOGOS[p.id] ?? []).map((logo) => ({ src: logo.src, alt: logo.alt ?? p.name })));
  const stores = STORES.filter((s) => text(settings, s.key));
  const title = text(settings, 'SITE_TITLE');
  const address = text(settings, 'ADDRESS');
  const phone = text(settings, 'PHONE');
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-quick">
          <h2 id="footer-quick">
            <Trans>Quick links</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/">
                <Trans>Home</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact" hash="working-hours">
                <Trans>Working Hours</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact">
                <Trans>Contact Us</Trans>
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-account">
          <h2 id="footer-account">
            <Trans>My account</Trans>
          </h2>
          {user ? (
            <ul>
              <li>
                <Link to="/me/my-profile">
                  <Trans>My Profile</Trans>
                </Link>
              </li>
              <li>
                <Link to={addressListPath(settings)}>
                  <Trans>My addresses</Trans>
                </Link>
              </li>
              <li>
                <SignOutButton />
              </li>
            </ul>
          ) : (
            <ul>
              <li>
                <Link to="/login">
                  <Trans>Login</Trans>
                </Link>
              </li>
              <li>
                <Link to="/reset-password">
                  <Trans>Reset password</Trans>
                </Link>
              </li>
              {isOn(settings, 'ALLOW_REGISTRATION') ? (
                <li>
                  <Link to="/register">
                    <Trans>Register</Trans>
                  </Link>
                </li>
              ) : null}
            </ul>
          )}
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">
            <Trans>Information</Trans>
          </h2>
          <ul>
            {pages.map((p) => (
              <li key={p.id}>
                <Link to="." search={(prev) => ({ ...prev, page: p.id })}>
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit">
            <Trans>Visit us</Trans>
          </h2>
          <address>
            {address ? <p>{address}</p> : null}
            {phone ? (
              <p>
                <a href={telHref(phone)} dir="ltr">
                  {phone}
                </a>
              </p>
            ) : null}
          </address>
          <ChangeBranchLink />
          <SocialLinks settings={settings} only={FOOTER_NETWORKS} />
        </section>
      </div>
      <div className="container site-footer__bottom">
        {payments.length ? (
          <ul className="payment-images" aria-label={t`Payment methods`}>
            {payments.map((p) => (
              <li key={p.src}>
                <img src={p.src} alt={p.alt} width={48} height={30} loading="lazy" />
              </li>
            ))}
          </ul>
        ) : null}
        {stores.length ? (
          <ul className="store-badges" aria-label={t`Get our app`}>
            {stores.map((s) => (
              <li key={s.key}>
                <a href={text(settings, s.key)} target="_blank" rel="noopener noreferrer">
                  <img src={s.src} alt={s.alt} width={135} height={40} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="copyright">
          <Trans>
            © {year} {title}. All rights reserved.
          </Trans>
        </p>
        <a
          href="#top"
          className="back-to-top"
          onClick={(e) => {
            e.preventDefault();
            scrollToTop();
            document.getElementById('main')?.focus({ preventScroll: true });
          }}
        >
          <ArrowUpIcon width={18} height={18} /> <Trans>Back to top</Trans>
        </a>
      </div>
    </footer>
  );
}
