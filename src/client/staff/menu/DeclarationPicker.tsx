import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MenuDeclaration } from '../../../shared/contract/menu-admin';
import { FieldError, fieldId } from './field';

interface Props {
  /** The schema path of the option or extra (`variants[0].options[1]`, `extras[2]`); its list is `…declarationIds`. */
  path: string;
  /** The option's or extra's name, so a screen reader knows whose list this is. */
  itemName: string;
  value: number[];
  declarations: MenuDeclaration[];
  onChange: (next: number[]) => void;
  errorOf: (path: string) => string | undefined;
}

/**
 * What one option or extra adds to the dish ("contains"), folded into one line that says what is
 * ticked; it opens to the product's own list of allergens and additives. Ids stay in ascending
 * order, as the server gives them back, so ticking and unticking again leaves nothing unsaved.
 */
export function DeclarationPicker({ path, itemName, value, declarations, onChange, errorOf }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const listPath = `${path}.declarationIds`;
  const baseId = fieldId(listPath);
  const errorIds = new Set<number>();
  let error = errorOf(listPath);
  value.forEach((id, i) => {
    const message = errorOf(`${listPath}[${i}]`);
    if (!message) return;
    errorIds.add(id);
    error ??= message;
  });
  const known = new Set(declarations.map((d) => d.id));
  // An id the list does not know (removed meanwhile): shown, so it can be unticked.
  const unknown = value.filter((id) => !known.has(id));
  const unknownCount = unknown.length;
  const toggle = (id: number, on: boolean) => onChange(on ? [...new Set([...value, id])].sort((a, b) => a - b) : value.filter((x) => x !== id));
  const codes = (kind: MenuDeclaration['kind']) =>
    declarations
      .filter((d) => d.kind === kind && value.includes(d.id))
      .map((d) => d.code)
      .join(', ');
  const allergens = codes('allergen');
  const additives = codes('additive');
  const summary = [allergens ? t`Allergens: ${allergens}` : '', additives ? t`Additives: ${additives}` : '', unknownCount ? t`Unknown entries: ${unknownCount}` : '']
    .filter(Boolean)
    .join(' · ');
  const errorId = error ? `${baseId}-error` : undefined;

  const box = (id: number, label: React.ReactNode) => (
    <label key={id} className="menu-check">
      <input
        type="checkbox"
        checked={value.includes(id)}
        onChange={(e) => toggle(id, e.target.checked)}
        aria-invalid={errorIds.has(id) ? true : undefined}
        aria-describedby={errorIds.has(id) ? errorId : undefined}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <div className={`menu-contains${value.length ? ' menu-contains--set' : ''}${error ? ' menu-contains--invalid' : ''}`}>
      {/* A refused entry opens the list, so the first marked box can take the focus. */}
      <details open={open || Boolean(error)} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary aria-describedby={errorId}>
          <span className="visually-hidden">
            <bdi>{itemName}</bdi>:{' '}
          </span>
          <span className="menu-contains__summary">{summary || t`No allergens or additives`}</span>
        </summary>
        <div className="menu-contains__body">
          {/* Right under the line it explains, above the boxes; the marked box points to it too. */}
          <FieldError path={listPath} error={error} />
          <p className="staff-muted admin-hint">{t`Tick only what this adds to the dish. What the dish always contains goes under “Allergens & additives”.`}</p>
          {(['allergen', 'additive'] as const).map((kind) => (
            <fieldset key={kind} className="menu-contains__group">
              <legend>{kind === 'allergen' ? t`Allergens` : t`Additives`}</legend>
              {declarations
                .filter((d) => d.kind === kind)
                .map((d) =>
                  box(
                    d.id,
                    <>
                      <strong>{d.code}</strong> {d.name}
                    </>,
                  ),
                )}
            </fieldset>
          ))}
          {unknown.length ? (
            <fieldset className="menu-contains__group">
              <legend>{t`No longer on the list`}</legend>
              {unknown.map((id) => box(id, t`Unknown entry (no. ${id})`))}
            </fieldset>
          ) : null}
        </div>
      </details>
    </div>
  );
}
