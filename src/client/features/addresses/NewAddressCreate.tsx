import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  addressSchema,
  type AddressCheckResult,
  type AddressOut,
  type AddressValues,
  type PlaceOut,
  type PlaceSuggestion,
} from '../../../shared/contract/account';
import { ApiError, get, post } from '../../lib/api';
import { useSchemaForm } from '../../ui/form-kit';
import { pushToast } from '../../ui/toasts';
import { AddressFields, submitHandler, type AddressDetails } from './AddressFields';
import { AreaFacts } from './AreaFacts';
import { PlaceCombobox } from './PlaceCombobox';
import { refreshAddresses } from './queries';

/** Spec §4 current location: a position older than a minute is good enough, waiting longer than 10 s is not. */
const GEO_TIMEOUT_MS = 10_000;
const GEO_MAX_AGE_MS = 60_000;

type Finder =
  | { step: 'idle' }
  | { step: 'locating' }
  | { step: 'checking' }
  | { step: 'found'; result: AddressCheckResult }
  | { step: 'refused'; message: string }
  | { step: 'no-location' };

type CheckBody = { placeId: string } | { coordinates: PlaceOut['coordinates'] };

const EMPTY_DETAILS: AddressDetails = { name: '', address: '', extras: '', isDefault: false };

/**
 * New address system, create (spec §2, §4): mark a place by search or current location, let the
 * server check the delivery range, and only then show the form. A failing check hides the form.
 */
export function NewAddressCreate({ onSaved }: { onSaved: () => void | Promise<void> }) {
  const { t } = useLingui();
  const [finder, setFinder] = useState<Finder>({ step: 'idle' });
  /** Only the newest search or location counts: an older answer arriving late is dropped. */
  const latest = useRef(0);
  /** What the diner already typed survives choosing another place. */
  const draft = useRef<AddressDetails>(EMPTY_DETAILS);
  const instructionsId = useId();

  const check = async (ticket: number, body: CheckBody) => {
    setFinder({ step: 'checking' });
    try {
      const result = await post<AddressCheckResult>('/me/addresses/check', body);
      if (ticket === latest.current) setFinder({ step: 'found', result });
    } catch (error) {
      if (ticket !== latest.current) return;
      // Spec §8: out of range comes back as the address field's error, worded by the server.
      const message =
        error instanceof ApiError
          ? (error.fields.address?.[0] ?? error.message)
          : t`We could not reach the restaurant. Please check your connection and try again.`;
      setFinder({ step: 'refused', message });
    }
  };

  const onSelect = async (suggestion: PlaceSuggestion) => {
    const ticket = ++latest.current;
    setFinder({ step: 'checking' });
    let place: PlaceOut;
    try {
      place = await get<PlaceOut>(`/me/addresses/places/${encodeURIComponent(suggestion.placeId)}`);
    } catch {
      // Spec §8: a place-details failure hides the loader and says nothing.
      if (ticket === latest.current) setFinder({ step: 'idle' });
      return;
    }
    if (ticket !== latest.current) return;
    await check(ticket, { placeId: place.placeId });
  };

  const locate = () => {
    const ticket = ++latest.current;
    if (!('geolocation' in navigator)) {
      setFinder({ step: 'no-location' });
      return;
    }
    setFinder({ step: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (ticket !== latest.current) return;
        void check(ticket, { coordinates: { lat: position.coords.latitude, lng: position.coords.longitude } });
      },
      // PERMISSION_DENIED, POSITION_UNAVAILABLE or TIMEOUT: spec §8 has one message for all of them.
      () => {
        if (ticket === latest.current) setFinder({ step: 'no-location' });
      },
      { timeout: GEO_TIMEOUT_MS, maximumAge: GEO_MAX_AGE_MS, enableHighAccuracy: true },
    );
  };

  const busy = finder.step === 'locating' || finder.step === 'checking';
  const alert =
    finder.step === 'refused'
      ? finder.message
      : finder.step === 'no-location'
        ? t`In order to use this feature you need open your location services and/or grant permission to our app. Please allow location permissions and try again.`
        : null;

  return (
    <div className="address-finder">
      <section className="card address-finder__search" aria-labelledby={`${instructionsId}-title`}>
        <h2 id={`${instructionsId}-title`} className="address-finder__title">
          <Trans>Where should we deliver?</Trans>
        </h2>
        <p id={instructionsId} className="muted">
          <Trans>Search for your address or use your current location. We check that we deliver there before you save it.</Trans>
        </p>
        <PlaceCombobox onSelect={(s) => void onSelect(s)} describedBy={instructionsId} />
        <div className="address-finder__or">
          <button type="button" className="button button--ghost address-finder__locate" onClick={locate} disabled={finder.step === 'locating'}>
            <LocateIcon />
            <Trans>Use my current location</Trans>
          </button>
        </div>
        <div role="status" className="address-finder__status">
          {finder.step === 'locating' ? (
            <p className="address-finder__busy">
              <span className="address-spinner" aria-hidden="true" />
              <Trans>Finding your location…</Trans>
            </p>
          ) : finder.step === 'checking' ? (
            <p className="address-finder__busy">
              <span className="address-spinner" aria-hidden="true" />
              <Trans>Checking whether we deliver there…</Trans>
            </p>
          ) : finder.step === 'found' ? (
            <div className="address-area">
              <p className="address-area__lead">
                <span className="address-area__check" aria-hidden="true">
                  ✓
                </span>
                <Trans>We deliver to this address.</Trans>
              </p>
              <p className="address-area__place">{finder.result.place.address}</p>
              <AreaFacts area={finder.result.area} />
            </div>
          ) : null}
        </div>
        <div role="alert" className="address-finder__alert">
          {alert ? <p className="address-alert">{alert}</p> : null}
        </div>
      </section>
      {finder.step === 'found' && !busy ? (
        <NewAddressForm key={finder.result.place.placeId} result={finder.result} draft={draft} onSaved={onSaved} />
      ) : null}
    </div>
  );
}

function NewAddressForm({
  result,
  draft,
  onSaved,
}: {
  result: AddressCheckResult;
  draft: React.RefObject<AddressDetails>;
  onSaved: () => void | Promise<void>;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [initial] = useState<AddressDetails>(() => ({ ...draft.current, address: result.place.address }));
  const form = useSchemaForm<AddressDetails>({
    id: 'new-address',
    schema: addressSchema,
    initialValues: initial,
    onSubmit: async (values) => {
      const payload: AddressValues = {
        ...values,
        areaId: result.area.id,
        zipcode: result.place.zipcode,
        coordinates: result.place.coordinates,
        buildingCode: '',
      };
      await post<AddressOut>('/me/addresses', payload);
      draft.current = EMPTY_DETAILS;
      refreshAddresses(queryClient);
      pushToast({ tone: 'success', title: t`Success`, body: t`Your address has been saved` });
      await onSaved();
    },
  });
  const { values } = form.formik;
  useEffect(() => {
    // The address belongs to the place; the rest is the diner's and is kept for another place.
    draft.current = { name: values.name, extras: values.extras, isDefault: values.isDefault, address: '' };
  }, [draft, values.name, values.extras, values.isDefault]);

  return (
    <form onSubmit={(e) => void submitHandler(form)(e)} noValidate className="card address-form" aria-labelledby={`${form.id}-title`}>
      <h2 id={`${form.id}-title`} className="address-form__title">
        <Trans>Address details</Trans>
      </h2>
      <AddressFields form={form} />
    </form>
  );
}

function LocateIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" fill="currentColor" />
      <path
        d="M12 2v3m0 14v3M2 12h3m14 0h3M12 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
