import { toCents } from '../../shared/pricing';
import { useMoney } from './money';

/** One row of a totals list (`<dl>`): a label and an amount as the API gives it (euros). */
export function SumRow({ label, amount, className, testId }: { label: string; amount: number; className?: string; testId?: string }) {
  const money = useMoney();
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{money(toCents(amount))}</dd>
    </div>
  );
}
