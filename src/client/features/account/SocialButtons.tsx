import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { isOn } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';
import { socialProvidersQuery, startSocialSignIn } from './social';

const NAMES = { google: 'Google', facebook: 'Facebook' } as const;

/**
 * Shown only with the social-login setting on and a provider configured on the server. Offline
 * the buttons are off and point at the form's note saying why (`offlineNoteId`).
 */
export function SocialButtons({ redirect, offlineNoteId }: { redirect: string; offlineNoteId?: string | undefined }) {
  const { t } = useLingui();
  const enabled = isOn(useSettings(), 'SOCIAL_LOGIN');
  const providers = useQuery({ ...socialProvidersQuery(), enabled }).data ?? [];
  if (!enabled || !providers.length) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">
        <Trans>or</Trans>
      </p>
      {providers.map((p) => {
        const name = NAMES[p.id];
        return (
          <button
            key={p.id}
            type="button"
            className={`button button--ghost button--block social-sign-in__${p.id}`}
            disabled={offlineNoteId !== undefined}
            aria-describedby={offlineNoteId}
            onClick={() => startSocialSignIn(p, redirect)}
          >
            {t`Continue with ${name}`}
          </button>
        );
      })}
    </div>
  );
}
