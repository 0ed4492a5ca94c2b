import { Trans, useLingui } from '@lingui/react/macro';
import type { Language } from '../../../shared/contract/catalog';
import type { MenuDeclaration, MenuTax } from '../../../shared/contract/menu-admin';
import { DeclarationPicker } from './DeclarationPicker';
import { I18nTextField } from '../admin/I18nTextField';
import { emptyOption, emptyVariant, type OptionDraft, type VariantDraft } from './draft';
import { describedBy, FieldError, fieldId } from './field';
import { TaxSelect } from './TaxSelect';

interface Props {
  variants: VariantDraft[];
  onChange: (next: VariantDraft[]) => void;
  /** The schema path of this list: `variants`, or an option's `…children`. */
  path: string;
  languages: Language[];
  taxes: MenuTax[];
  /** The allergens and additives an option can add (the product's list). */
  declarations: MenuDeclaration[];
  errorOf: (path: string) => string | undefined;
  /** 0 for the product's own choices; a follow-up choice is one deeper. */
  depth: number;
}

/** The deepest follow-up choice the editor offers (the server allows what its body depth allows). */
const MAX_DEPTH = 2;

const replace = <T,>(list: T[], index: number, item: T): T[] => list.map((x, i) => (i === index ? item : x));
const without = <T,>(list: T[], index: number): T[] => list.filter((_, i) => i !== index);

/** Choices (variants) with their options; an option can open a follow-up choice, edited here too. */
export function VariantsEditor({ variants, onChange, path, languages, taxes, declarations, errorOf, depth }: Props) {
  const { t } = useLingui();
  return (
    <div className="menu-variants">
      {variants.map((variant, vi) => {
        const vPath = `${path}[${vi}]`;
        const setVariant = (next: VariantDraft) => onChange(replace(variants, vi, next));
        const setOption = (oi: number, next: OptionDraft) => setVariant({ ...variant, options: replace(variant.options, oi, next) });
        const typeHint = `${fieldId(vPath)}-type-hint`;
        const title = variant.name.de?.trim() || t`New choice`;
        return (
          <fieldset key={variant.key} className="menu-variant">
            <legend>{depth ? t`Follow-up choice: ${title}` : t`Choice: ${title}`}</legend>
            <I18nTextField
              id={fieldId(`${vPath}.name`)}
              label={t`Question the guest answers`}
              value={variant.name}
              onChange={(name) => setVariant({ ...variant, name })}
              languages={languages}
              error={errorOf(`${vPath}.name`)}
              required
            />
            <div className="menu-row">
              <label className="menu-field">
                <span>{t`How guests choose`}</span>
                <select
                  {...describedBy(`${vPath}.type`, errorOf(`${vPath}.type`), typeHint)}
                  value={variant.type}
                  onChange={(e) => setVariant({ ...variant, type: e.target.value === 'checkbox' ? 'checkbox' : 'select' })}
                >
                  <option value="select">{t`One option (for example the crust)`}</option>
                  <option value="checkbox">{t`Several options (for example toppings)`}</option>
                </select>
              </label>
              <label className="menu-check">
                <input type="checkbox" checked={variant.required} onChange={(e) => setVariant({ ...variant, required: e.target.checked })} />
                <span>{t`Guests must answer`}</span>
              </label>
            </div>
            <p className="staff-muted admin-hint" id={typeHint}>
              <Trans>A required choice must be answered before the dish goes into the cart.</Trans>
            </p>
            <FieldError path={`${vPath}.options`} error={errorOf(`${vPath}.options`)} />
            <ul className="menu-options" aria-label={t`Options of ${title}`}>
              {variant.options.map((option, oi) => {
                const oPath = `${vPath}.options[${oi}]`;
                const optionTitle = option.name.de?.trim() || t`option ${oi + 1}`;
                return (
                  <li key={option.key} className="menu-option">
                    <div className="menu-option__fields">
                      <I18nTextField
                        id={fieldId(`${oPath}.name`)}
                        label={t`Option`}
                        value={option.name}
                        onChange={(name) => setOption(oi, { ...option, name })}
                        languages={languages}
                        error={errorOf(`${oPath}.name`)}
                        required
                      />
                      <label className="menu-field menu-field--price">
                        <span>{t`Surcharge in €`}</span>
                        <input
                          {...describedBy(`${oPath}.price`, errorOf(`${oPath}.price`))}
                          inputMode="decimal"
                          placeholder="0,00"
                          value={option.price}
                          onChange={(e) => setOption(oi, { ...option, price: e.target.value })}
                        />
                      </label>
                      <TaxSelect
                        path={`${oPath}.taxId`}
                        value={option.taxId}
                        onChange={(taxId) => setOption(oi, { ...option, taxId })}
                        taxes={taxes}
                        errorOf={errorOf}
                        inherit
                      />
                      <button
                        type="button"
                        className="staff-button staff-button--quiet staff-button--small"
                        onClick={() => setVariant({ ...variant, options: without(variant.options, oi) })}
                      >
                        {t`Remove ${optionTitle}`}
                      </button>
                    </div>
                    <FieldError path={`${oPath}.price`} error={errorOf(`${oPath}.price`)} />
                    <DeclarationPicker
                      path={oPath}
                      itemName={optionTitle}
                      value={option.declarationIds}
                      declarations={declarations}
                      onChange={(declarationIds) => setOption(oi, { ...option, declarationIds })}
                      errorOf={errorOf}
                    />
                    {option.children.length ? (
                      <VariantsEditor
                        variants={option.children}
                        onChange={(children) => setOption(oi, { ...option, children })}
                        path={`${oPath}.children`}
                        languages={languages}
                        taxes={taxes}
                        declarations={declarations}
                        errorOf={errorOf}
                        depth={depth + 1}
                      />
                    ) : null}
                    {depth < MAX_DEPTH ? (
                      <button
                        type="button"
                        className="admin-link"
                        onClick={() => setOption(oi, { ...option, children: [...option.children, emptyVariant()] })}
                      >
                        {t`Add a follow-up choice for ${optionTitle}`}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <div className="menu-actions">
              <button type="button" className="staff-button staff-button--small" onClick={() => setVariant({ ...variant, options: [...variant.options, emptyOption()] })}>
                <Trans>Add option</Trans>
              </button>
              <button type="button" className="staff-button staff-button--quiet staff-button--small" onClick={() => onChange(without(variants, vi))}>
                {t`Remove choice ${title}`}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button type="button" className="staff-button staff-button--small" onClick={() => onChange([...variants, emptyVariant()])}>
        {depth ? <Trans>Add another follow-up choice</Trans> : <Trans>Add a choice</Trans>}
      </button>
    </div>
  );
}
