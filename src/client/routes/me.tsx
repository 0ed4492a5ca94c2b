import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../ui/ComingSoon';

function MyAccount() {
  const { t } = useLingui();
  return <ComingSoon title={t`My Account`} />;
}

export const Route = createFileRoute('/me')({ component: MyAccount });
