import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentPropsWithoutRef } from 'react';
import { MAX_CAR_LENGTH } from '../../../shared/contract/order';

type InputProps = Omit<ComponentPropsWithoutRef<'input'>, 'id'> & { id: string };

/**
 * Curbside: the car staff look for when the diner says "I'm here". The form's own field props
 * come in whole (value, change, blur, aria), so this stays one spot in the checkout form.
 */
export function CarField({ error, ...input }: InputProps & { error: string | undefined }) {
  const { t } = useLingui();
  const hintId = `${input.id}-hint`;
  const describedBy = [hintId, input['aria-describedby']].filter(Boolean).join(' ');
  return (
    <section className="card checkout__section">
      <h2>
        <Trans>Your car</Trans>
      </h2>
      <div className="field">
        <label htmlFor={input.id}>
          <Trans>Car: colour, make, plate</Trans>
        </label>
        <input {...input} aria-describedby={describedBy} autoComplete="off" required maxLength={MAX_CAR_LENGTH} placeholder={t`red, VW Golf, HH-AB 123`} />
        <p className="field-hint" id={hintId}>
          <Trans>So we find you in the car park and bring the order to your window.</Trans>
        </p>
        {error ? (
          <p className="field-error" id={`${input.id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
