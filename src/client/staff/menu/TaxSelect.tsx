import { useLingui } from '@lingui/react/macro';
import type { MenuTax } from '../../../shared/contract/menu-admin';
import { describedBy, FieldError } from './field';

interface Props {
  path: string;
  value: number | null;
  onChange: (taxId: number | null) => void;
  taxes: MenuTax[];
  errorOf: (path: string) => string | undefined;
  /** Options and extras may follow the product's class. */
  inherit?: boolean;
}

/** The VAT class: what the tax office calls the rate this item is sold at. */
export function TaxSelect({ path, value, onChange, taxes, errorOf, inherit }: Props) {
  const { t, i18n } = useLingui();
  const error = errorOf(path);
  return (
    <label className="menu-field">
      <span>{t`VAT`}</span>
      <select {...describedBy(path, error)} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        {inherit ? <option value="">{t`As the dish`}</option> : null}
        {taxes.map((tax) => (
          <option key={tax.id} value={tax.id}>
            {`${tax.name} (${i18n.number(tax.percent)} %)`}
          </option>
        ))}
      </select>
      <FieldError path={path} error={error} />
    </label>
  );
}
