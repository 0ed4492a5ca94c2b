import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../ui/ComingSoon';

function Register() {
  const { t } = useLingui();
  return <ComingSoon title={t`Register`} />;
}

export const Route = createFileRoute('/register')({ component: Register });
