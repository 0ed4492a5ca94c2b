import { useEffect, useId, useState, type FocusEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { PhoneKit } from './phone-kit';

/** The numbering plan and the field's own strings: a chunk of their own, loaded when a phone field first shows. */
const loadKit = (): Promise<PhoneKit> => import('./phone-kit').then((m) => m.preparePhoneKit());

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & { id: string; value: string };

interface PhoneFieldProps {
  /** What the form gives an input (id, name, value, onChange, onBlur, aria-*). */
  input: InputProps;
  /** Sets the form's value: the number written internationally, or '' when it was cleared. */
  setValue: (value: string) => void;
  label: ReactNode;
  /** The country a number without a country code is read in (phoneCountryOf: COUNTRY, else the language's region). */
  country: string;
  /** The form's own error line, under the field. */
  children?: ReactNode;
  className?: string;
}

/**
 * The one phone field (spec §5): a country choice (the restaurant's country first) and the
 * number. On leaving it, a valid number is written internationally (+49 40 …); one that cannot be
 * a number is cleared, and a note says why, so nobody wonders where their typing went.
 */
export function PhoneField({ input, setValue, label, country, children, className = 'field' }: PhoneFieldProps) {
  const [kit, setKit] = useState<PhoneKit | null>(null);
  const [chosen, setChosen] = useState(country);
  const [cleared, setCleared] = useState<string | null>(null);
  const noteId = useId();
  useEffect(() => {
    let live = true;
    void loadKit()
      .then((k) => live && setKit(() => k))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => setChosen(country), [country]);

  const onBlur = async (e: FocusEvent<HTMLInputElement>) => {
    input.onBlur?.(e);
    const typed = e.target.value.trim();
    if (!typed) return;
    // Offline before the chunk was cached: the number stays as typed and the server judges it.
    const k = kit ?? (await loadKit().catch(() => null));
    if (!k) return;
    const read = k.readNumber(typed, chosen);
    if (read) {
      setCleared(null);
      if (read.country) setChosen(read.country);
      if (read.international !== e.target.value) setValue(read.international);
    } else {
      setCleared(typed);
      setValue('');
    }
  };

  const describedBy = [input['aria-describedby'], cleared ? noteId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${className} phone-field`}>
      <label htmlFor={input.id}>{label}</label>
      <div className="phone-field__row">
        {kit ? <kit.CountrySelect id={`${input.id}-country`} value={chosen} onChange={setChosen} restaurant={country} /> : <span className="phone-field__country phone-field__country--waiting" aria-hidden="true" />}
        <input
          {...input}
          type="tel"
          inputMode="tel"
          autoComplete={input.autoComplete ?? 'tel'}
          onChange={(e) => {
            if (cleared) setCleared(null);
            input.onChange?.(e);
          }}
          onBlur={(e) => void onBlur(e)}
          aria-describedby={describedBy}
        />
      </div>
      {/* The note says what happened and what to do; the form's "invalid" or "required" beside it would only repeat it. */}
      {cleared && kit ? <kit.ClearedNote id={noteId} typed={cleared} /> : children}
    </div>
  );
}
