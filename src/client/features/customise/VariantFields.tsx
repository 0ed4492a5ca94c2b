import { useLingui } from '@lingui/react/macro';
import type { OptionChoices } from '../../../shared/contract/cart';
import type { Option, Variant } from '../../../shared/contract/catalog';
import { toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { chooseSelect, toggleCheckbox } from './choice-state';

const NONE: ReadonlySet<number> = new Set();
const NOTHING_AVOIDED: ReadonlyMap<number, string> = new Map();

interface Props {
  /** The product's whole tree, for consistent updates at any depth. */
  root: Variant[];
  variants: Variant[];
  options: OptionChoices;
  onChange: (next: OptionChoices) => void;
  idPrefix: string;
  depth?: number;
  /** Options staff marked sold out: shown, but not to be chosen. */
  soldOut?: ReadonlySet<number>;
  /** Options the diner's allergen filter rules out, with what they contain: shown, not to be chosen. */
  avoided?: ReadonlyMap<number, string>;
}

/** Variants as selects or checkbox groups; a chosen option's child menu appears right beneath it. */
export function VariantFields({ root, variants, options, onChange, idPrefix, depth = 0, soldOut = NONE, avoided = NOTHING_AVOIDED }: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const priceLabel = (price: number) => (price > 0 ? ` (+${money(toCents(price))})` : '');
  const unavailable = (id: number) => soldOut.has(id) || avoided.has(id);
  const label = (o: Option) => {
    const contains = avoided.get(o.id);
    return soldOut.has(o.id) ? t`${o.name} (sold out)` : contains ? t`${o.name} (contains ${contains})` : o.name;
  };
  return (
    <>
      {variants.map((v) => {
        const chosen = options[v.id] ?? [];
        const id = `${idPrefix}-variant-${v.id}`;
        const children = v.options.filter((o) => chosen.includes(o.id) && o.children.length > 0);
        return (
          <div key={v.id} className={`field${depth ? ' field--nested' : ''}`}>
            {v.type === 'checkbox' ? (
              <fieldset>
                <legend>
                  {v.name} {v.required ? <span className="required">{t`(required)`}</span> : null}
                </legend>
                {v.options.map((o) => (
                  <label key={o.id} className="check">
                    <input
                      type="checkbox"
                      disabled={unavailable(o.id) && !chosen.includes(o.id)}
                      checked={chosen.includes(o.id)}
                      onChange={(e) => onChange(toggleCheckbox(root, options, v.id, o.id, e.target.checked))}
                    />
                    <span>{label(o)}</span>
                    {o.price > 0 ? <span className="price-tag">+{money(toCents(o.price))}</span> : null}
                  </label>
                ))}
              </fieldset>
            ) : (
              <>
                <label htmlFor={id}>
                  {v.name} {v.required ? <span className="required">{t`(required)`}</span> : null}
                </label>
                <select
                  id={id}
                  value={chosen[0] ?? ''}
                  required={v.required}
                  onChange={(e) => onChange(chooseSelect(root, options, v.id, e.target.value ? Number(e.target.value) : null))}
                >
                  {v.required ? null : <option value="">{t`No, thanks`}</option>}
                  {v.options.map((o) => (
                    <option key={o.id} value={o.id} disabled={unavailable(o.id)}>
                      {label(o)}
                      {priceLabel(o.price)}
                    </option>
                  ))}
                </select>
              </>
            )}
            {children.map((o) => (
              <VariantFields
                key={o.id}
                root={root}
                variants={o.children}
                options={options}
                onChange={onChange}
                idPrefix={idPrefix}
                depth={depth + 1}
                soldOut={soldOut}
                avoided={avoided}
              />
            ))}
          </div>
        );
      })}
    </>
  );
}
