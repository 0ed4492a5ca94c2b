import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';

/**
 * The contract's message keys (settings-admin, areas-admin) in the owner's language. The contract
 * speaks in keys so the server (`say`) and this screen word the same rule the same way.
 */
const MESSAGES: Record<string, MessageDescriptor> = {
  'settings.url': msg`Please give a full address starting with https://.`,
  'settings.image': msg`Please give a path on this site starting with / (such as /media/brand/logo.svg).`,
  'settings.color': msg`Please choose a colour written as #1f5c4a.`,
  'settings.font': msg`Please choose one of the offered fonts.`,
  'settings.fontSize': msg`The font size must be between 12 and 24 px.`,
  'settings.percents': msg`Please give percentages from 0 to 100, separated by commas (such as 5, 10, 15).`,
  'settings.percent': msg`Please give a percentage from 0 to 100.`,
  'settings.wholeNumber': msg`Please give a whole number within the allowed range.`,
  'settings.timezone': msg`This time zone is unknown (such as Europe/Berlin).`,
  'settings.country': msg`Please give the two-letter country code (such as de).`,
  'settings.latitude': msg`The latitude lies between -90 and 90.`,
  'settings.longitude': msg`The longitude lies between -180 and 180.`,
  'settings.page': msg`Please choose an existing page.`,
  'settings.unknownKey': msg`This field does not exist here.`,
  'area.name': msg`Please give the delivery area a name.`,
  'area.postcodes': msg`Please give postcodes separated by commas (such as 20259, 20257).`,
  'area.amount': msg`Please give an amount in euros, such as 2,50.`,
  'area.zone': msg`This zone cannot be read: we expect a GeoJSON polygon with a closed outline, valid coordinates and at most 2,000 points.`,
  'validation.email': msg`Please enter a valid e-mail address.`,
  'validation.phone': msg`Please enter a valid phone number.`,
  'validation.required': msg`This field is required.`,
  'validation.tooLong': msg`This text is too long.`,
  'validation.choice': msg`This choice is not valid.`,
};

/** A field error as the owner reads it: a contract key worded here, a server sentence as it came. */
export function useAdminMessage(): (message: string | undefined) => string | undefined {
  const { t } = useLingui();
  return (message) => {
    if (!message) return undefined;
    const descriptor = MESSAGES[message];
    return descriptor ? t(descriptor) : message;
  };
}

interface FieldProps {
  id: string;
  label: string;
  /** One sentence that says what the field does, read out with the input. */
  hint: string;
  error?: string;
  children: (describedBy: string) => ReactNode;
}

/** Label, input, the sentence that explains it, and its error, linked for a screen reader. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="settings-field">
      <label htmlFor={id}>{label}</label>
      <p className="settings-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {children(describedBy)}
      {error ? (
        <p className="staff-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SwitchProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}

/** An on/off setting as a large checkbox with its explanation beside it. */
export function SwitchField({ id, label, hint, checked, disabled, error, onChange }: SwitchProps) {
  return (
    <div className="settings-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <p className="settings-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
        {error ? (
          <p className="staff-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
