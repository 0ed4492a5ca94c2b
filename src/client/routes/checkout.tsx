import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../ui/ComingSoon';

function Checkout() {
  const { t } = useLingui();
  return <ComingSoon title={t`Checkout`} />;
}

export const Route = createFileRoute('/checkout')({ component: Checkout });
