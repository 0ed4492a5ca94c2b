import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { phoneCountryOf } from '../../../shared/contract/phone-country';
import {
  GUEST_CHOICES,
  LARGE_PARTY,
  RESERVATION_LIMITS,
  RESERVATION_MAX_DAYS_AHEAD,
  reservationMaxGuests,
  reservationNoticeMinutes,
  reservationSchema,
  type ReservationContext,
} from '../../../shared/contract/reservation';
import { text, timeZoneOf } from '../../../shared/contract/settings';
import { instantToLocalDateTime } from '../../../shared/opening-hours';
import { post } from '../../lib/api';
import { telHref } from '../../lib/tel';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField, FieldError, TextField, useSchemaForm } from '../../ui/form-kit';
import { HoneypotField } from '../../ui/HoneypotField';
import { pushToast } from '../../ui/toasts';
import { TermsText, useMe } from '../account';
import { useSettings } from '../catalog';
import { PhoneField } from '../phone';
import { useOnline } from '../pwa';
import reservationCss from './reservation.css?inline';
import { byLocale } from '../../lib/catalog-loaders';
import { loadDialogMessages } from '../../lib/dialog-messages';
import { ltr } from '../../ui/Ltr';

const catalogs = byLocale(import.meta.glob('./locales/*/messages.po'));

/** The modal's own strings, loaded each time it opens (offline without them, it says it needs the network anyway). */
export const loadReservationMessages = (): Promise<void> => loadDialogMessages(catalogs);

type ReservationValues = { reservedAt: string; guests: string; name: string; email: string; phone: string; notes: string; terms: boolean };

/** The restaurant's number as a call button; the number keeps its left-to-right order inside an Arabic label. */
function CallButton({ number }: { number: string }) {
  const phone = ltr(number);
  return (
    <a className="button button--block" href={telHref(number)}>
      <Trans>Call {phone}</Trans>
    </a>
  );
}

/**
 * Spec §2 reservation modal: when, how many, who, and the terms. A party above what the
 * restaurant takes online ("10+", or more than RESERVATION_MAX_GUESTS) is asked to call instead
 * (decision 016); offline, the modal says a reservation needs the network and sends nothing.
 */
export function ReservationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const settings = useSettings();
  const me = useMe();
  const online = useOnline();
  const trap = useRef<HTMLInputElement>(null);
  const country = phoneCountryOf(settings, typeof navigator === 'undefined' ? '' : navigator.language);
  const context: ReservationContext = { country };
  const timeZone = timeZoneOf(settings);
  const maxGuests = reservationMaxGuests(settings);
  const notice = reservationNoticeMinutes(settings);
  const phone = text(settings, 'PHONE');
  // The picker's bounds, on the restaurant's clock; the server checks the same and the opening hours.
  const [bounds] = useState(() => {
    const now = Date.now();
    return {
      min: instantToLocalDateTime(new Date(now + notice * 60_000), timeZone),
      max: instantToLocalDateTime(new Date(now + RESERVATION_MAX_DAYS_AHEAD * 86_400_000), timeZone),
    };
  });
  const form = useSchemaForm<ReservationValues>({
    id: 'reservation',
    schema: reservationSchema,
    context,
    initialValues: { reservedAt: '', guests: '2', name: me?.name ?? '', email: me?.email ?? '', phone: me?.phone ?? '', notes: '', terms: false },
    onSubmit: async (values) => {
      const answer = await post<{ message: string }>('/reservations', { ...values, guests: Number(values.guests), website: trap.current?.value ?? '' });
      pushToast({ tone: 'success', title: t`Thank you!`, body: answer.message }, 8000);
      onClose();
    },
  });
  const { values } = form.formik;
  const largeParty = values.guests === LARGE_PARTY || Number(values.guests) > maxGuests;
  const guests = form.inputProps('guests');
  const notes = form.inputProps('notes');
  const noticeText = notice % 60 === 0 && notice >= 60 ? t`${notice / 60} h` : t`${notice} min`;

  return (
    <Dialog open onClose={onClose} title={<Trans>Reserve a table</Trans>} size="small">
      <style>{reservationCss}</style>
      <form onSubmit={form.formik.handleSubmit} noValidate className="reservation-form" aria-label={t`Reserve a table`}>
        {!online ? (
          <p className="reservation-form__offline" role="status" id="reservation-offline" data-testid="reservation-offline">
            <Trans>A reservation needs a connection to the restaurant, and you are offline. Nothing is sent or kept for later: please try again once you are back online.</Trans>
            {phone ? (
              <>
                {' '}
                <Trans>
                  Or call us: <a href={telHref(phone)} dir="ltr">{phone}</a>
                </Trans>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="reservation-form__when">
          <div className="field">
            <label htmlFor="reservation-reservedAt">
              <Trans>Date and time</Trans>
            </label>
            <input {...form.inputProps('reservedAt')} type="datetime-local" min={bounds.min} max={bounds.max} step={900} required />
            <p className="field-hint">
              <Trans>Within our opening hours, at least {noticeText} ahead.</Trans>
            </p>
            <FieldError form={form} name="reservedAt" />
          </div>
          <div className="field">
            <label htmlFor={guests.id}>
              <Trans>Guests</Trans>
            </label>
            <select {...guests} required>
              {GUEST_CHOICES.map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
              <option value={LARGE_PARTY}>{LARGE_PARTY}</option>
            </select>
            {/* A large party is not an error: the box below asks the guest to call. */}
            {largeParty ? null : <FieldError form={form} name="guests" />}
          </div>
        </div>
        {largeParty ? (
          <div className="reservation-form__call" role="status" data-testid="reservation-call">
            <p>
              {phone ? (
                <Trans>We gladly find a table for a larger party, but we arrange it with you in person. Please give us a call:</Trans>
              ) : (
                <Trans>We gladly find a table for a larger party, but we arrange it with you in person. Please write to us through the contact page.</Trans>
              )}
            </p>
            {phone ? (
              <CallButton number={phone} />
            ) : null}
          </div>
        ) : (
          <>
            <TextField form={form} name="name" label={<Trans>Name</Trans>} autoComplete="name" maxLength={RESERVATION_LIMITS.name} required />
            <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" maxLength={254} required />
            <PhoneField input={{ ...form.inputProps('phone'), required: true, maxLength: RESERVATION_LIMITS.phone }} setValue={(v) => void form.formik.setFieldValue('phone', v)} label={<Trans>Phone</Trans>} country={country}>
              <FieldError form={form} name="phone" />
            </PhoneField>
            <div className="field">
              <label htmlFor={notes.id}>
                <Trans>Notes (optional)</Trans>
              </label>
              <textarea {...notes} rows={3} maxLength={RESERVATION_LIMITS.notes} placeholder={t`A high chair, a quiet corner, an occasion…`} />
              <FieldError form={form} name="notes" />
            </div>
            <HoneypotField id="reservation-website" inputRef={trap} />
            <CheckboxField form={form} name="terms">
              <TermsText />
            </CheckboxField>
            <button type="submit" className="button button--block" disabled={!online || form.formik.isSubmitting} aria-describedby={!online ? 'reservation-offline' : undefined}>
              {form.formik.isSubmitting ? <Trans>Sending…</Trans> : <Trans>Request a table</Trans>}
            </button>
            <p className="field-hint reservation-form__after">
              <Trans>The restaurant confirms your table by e-mail.</Trans>
            </p>
          </>
        )}
      </form>
    </Dialog>
  );
}
