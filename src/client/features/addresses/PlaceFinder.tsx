import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { AddressCheckResult, PlaceOut, PlaceSuggestion } from '../../../shared/contract/account';
import { ApiError, get, post } from '../../lib/api';
import { AreaFacts } from './AreaFacts';
import { PlaceCombobox } from './PlaceCombobox';
import type { AddressLookups } from './queries';

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

interface Props {
  /** Where the look-ups go: a customer's (`/me/addresses`) or a guest's (`/addresses`, decision 020). */
  lookups: AddressLookups;
  /** The checked place, or null as soon as another search or location starts, or the check refuses it. */
  onChange: (result: AddressCheckResult | null) => void;
  /** A place checked before (the checkout draft after a reload). */
  initial?: AddressCheckResult | null;
  /** Described by the surrounding instructions. */
  describedBy?: string;
  /** The search box's id, so a form can lead the focus to it. */
  inputId?: string;
  /** A message of the surrounding form about the place (nothing chosen yet, minimum order). */
  error?: string;
  errorId?: string;
}

/**
 * New address system (spec §2, §4): mark a place by search or current location, and let the server
 * check the delivery range; the area's minimum order and delivery price are shown once it is in range.
 * Used by the customer's address screen and by a guest's checkout.
 */
export function PlaceFinder({ lookups, onChange, initial = null, describedBy, inputId, error, errorId }: Props) {
  const { t } = useLingui();
  const [finder, setFinder] = useState<Finder>(initial ? { step: 'found', result: initial } : { step: 'idle' });
  /** Only the newest search or location counts: an older answer arriving late is dropped. */
  const latest = useRef(0);

  const move = (next: Finder) => {
    setFinder(next);
    onChange(next.step === 'found' ? next.result : null);
  };

  const check = async (ticket: number, body: CheckBody) => {
    move({ step: 'checking' });
    try {
      const result = await post<AddressCheckResult>(`${lookups}/check`, body);
      if (ticket === latest.current) move({ step: 'found', result });
    } catch (failure) {
      if (ticket !== latest.current) return;
      // Spec §8: out of range comes back as the address field's error, worded by the server.
      const message =
        failure instanceof ApiError
          ? (failure.fields.address?.[0] ?? failure.message)
          : t`We could not reach the restaurant. Please check your connection and try again.`;
      move({ step: 'refused', message });
    }
  };

  const onSelect = async (suggestion: PlaceSuggestion) => {
    const ticket = ++latest.current;
    move({ step: 'checking' });
    let place: PlaceOut;
    try {
      place = await get<PlaceOut>(`${lookups}/places/${encodeURIComponent(suggestion.placeId)}`);
    } catch {
      // Spec §8: a place-details failure hides the loader and says nothing.
      if (ticket === latest.current) move({ step: 'idle' });
      return;
    }
    if (ticket !== latest.current) return;
    await check(ticket, { placeId: place.placeId });
  };

  const locate = () => {
    const ticket = ++latest.current;
    if (!('geolocation' in navigator)) {
      move({ step: 'no-location' });
      return;
    }
    move({ step: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (ticket !== latest.current) return;
        void check(ticket, { coordinates: { lat: position.coords.latitude, lng: position.coords.longitude } });
      },
      // PERMISSION_DENIED, POSITION_UNAVAILABLE or TIMEOUT: spec §8 has one message for all of them.
      () => {
        if (ticket === latest.current) move({ step: 'no-location' });
      },
      { timeout: GEO_TIMEOUT_MS, maximumAge: GEO_MAX_AGE_MS, enableHighAccuracy: true },
    );
  };

  const alert =
    finder.step === 'refused'
      ? finder.message
      : finder.step === 'no-location'
        ? t`In order to use this feature you need open your location services and/or grant permission to our app. Please allow location permissions and try again.`
        : null;

  return (
    <>
      <PlaceCombobox
        onSelect={(s) => void onSelect(s)}
        describedBy={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        searchPath={`${lookups}/search-fixed`}
        inputId={inputId}
        invalid={Boolean(error)}
      />
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
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </>
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
