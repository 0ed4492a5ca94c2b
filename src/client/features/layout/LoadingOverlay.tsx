import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { LoaderStyle } from '../../../shared/contract/settings';
import { loading } from './loading';

/** The four loader styles the operator can pick (setting LOADER_STYLE). */
function Animation({ style, logo }: { style: LoaderStyle; logo: string }) {
  switch (style) {
    case 'burger':
      return (
        <div className="loader-burger" aria-hidden="true">
          <span className="bun-top" />
          <span className="lettuce" />
          <span className="patty" />
          <span className="bun-bottom" />
        </div>
      );
    case 'infinite':
      return (
        <svg className="loader-infinite" viewBox="0 0 120 60" aria-hidden="true">
          <path d="M30 30c0-11 9-18 18-10l24 20c9 8 18 1 18-10s-9-18-18-10L48 40c-9 8-18 1-18-10z" />
        </svg>
      );
    case 'logo':
      return logo ? <img className="loader-logo" src={logo} alt="" /> : <div className="loader-spinner" aria-hidden="true" />;
    default:
      return (
        <svg className="loader-pizza" viewBox="0 0 100 100" aria-hidden="true">
          <circle cx="50" cy="50" r="44" className="crust" />
          <circle cx="50" cy="50" r="37" className="cheese" />
          <path d="M50 50L50 13A37 37 0 0 1 82 31z" className="slice-gap" />
          <circle cx="38" cy="40" r="5" className="topping" />
          <circle cx="60" cy="62" r="5" className="topping" />
          <circle cx="40" cy="66" r="4" className="topping" />
          <circle cx="66" cy="44" r="4" className="topping" />
        </svg>
      );
  }
}

export function LoadingOverlay({ style, logo }: { style: LoaderStyle; logo: string }) {
  const { t } = useLingui();
  const snap = useSnapshot(loading);
  return (
    <div className={`loading-overlay${snap.visible ? ' is-visible' : ''}`} aria-hidden={!snap.visible} data-loader={style}>
      <div role="status" aria-live="polite" className="loading-overlay__inner">
        <Animation style={style} logo={logo} />
        {snap.visible ? <span className="visually-hidden">{t`Loading…`}</span> : null}
      </div>
    </div>
  );
}
