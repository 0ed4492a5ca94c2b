import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { text } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';

/** "I accept the terms and the privacy policy", each a link opening its content page in the modal. */
export function TermsText() {
  const { t } = useLingui();
  const settings = useSettings();
  const terms = Number(text(settings, 'TERMS_AND_CONDITIONS')) || null;
  const privacy = Number(text(settings, 'PRIVACY_POLICY')) || null;
  const termsLink = terms ? (
    <Link to="." search={(prev) => ({ ...prev, page: terms })}>
      {t`terms and conditions`}
    </Link>
  ) : (
    t`terms and conditions`
  );
  const privacyLink = privacy ? (
    <Link to="." search={(prev) => ({ ...prev, page: privacy })}>
      {t`privacy policy`}
    </Link>
  ) : (
    t`privacy policy`
  );
  return (
    <Trans>
      I accept the {termsLink} and the {privacyLink}.
    </Trans>
  );
}
