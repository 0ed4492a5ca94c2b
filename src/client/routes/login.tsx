import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../ui/ComingSoon';

function Login() {
  const { t } = useLingui();
  return <ComingSoon title={t`Login`} />;
}

export const Route = createFileRoute('/login')({ component: Login });
