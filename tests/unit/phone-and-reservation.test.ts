import { describe, expect, it } from 'vitest';
import { preferredCountries, readNumber } from '../../src/client/features/phone/phone-kit';
import { phoneCountryOf } from '../../src/shared/contract/phone-country';
import { reservationMaxGuests, reservationNoticeMinutes } from '../../src/shared/contract/reservation';

describe('the phone field', () => {
  it('reads a number without a country code in the restaurant country, else the language region, else Germany', () => {
    expect(phoneCountryOf({ COUNTRY: 'at' }, 'en-GB')).toBe('AT');
    expect(phoneCountryOf({ COUNTRY: '' }, 'de-CH')).toBe('CH');
    expect(phoneCountryOf({}, 'en')).toBe('DE');
    expect(phoneCountryOf({ COUNTRY: 'Deutschland' }, 'fr-FR')).toBe('FR');
  });

  it('puts the restaurant country first, then the library defaults US and UK, once each', () => {
    expect(preferredCountries('AT')).toEqual(['AT', 'US', 'GB']);
    expect(preferredCountries('GB')).toEqual(['GB', 'US']);
    expect(preferredCountries('XX')).toEqual(['US', 'GB']);
  });

  it('writes a valid number internationally with its country, and refuses what cannot be a number', () => {
    expect(readNumber('040 7654321', 'DE')).toEqual({ international: '+49 40 7654321', country: 'DE' });
    expect(readNumber('01 5123456', 'AT')).toEqual({ international: '+43 1 5123456', country: 'AT' });
    // A number with its own country code keeps it, whatever the default.
    expect(readNumber('+44 20 7946 0958', 'DE')).toEqual({ international: '+44 20 7946 0958', country: 'GB' });
    expect(readNumber('123', 'DE')).toBeNull();
    expect(readNumber('call me', 'DE')).toBeNull();
  });
});

describe('the reservation settings', () => {
  it('read whole numbers within bounds and fall back to the defaults', () => {
    expect(reservationNoticeMinutes({})).toBe(120);
    expect(reservationNoticeMinutes({ RESERVATION_MIN_NOTICE_MINUTES: '30' })).toBe(30);
    expect(reservationNoticeMinutes({ RESERVATION_MIN_NOTICE_MINUTES: 'soon' })).toBe(120);
    expect(reservationNoticeMinutes({ RESERVATION_MIN_NOTICE_MINUTES: '-5' })).toBe(120);
    expect(reservationMaxGuests({})).toBe(8);
    expect(reservationMaxGuests({ RESERVATION_MAX_GUESTS: 12 })).toBe(12);
    expect(reservationMaxGuests({ RESERVATION_MAX_GUESTS: '2.5' })).toBe(8);
    expect(reservationMaxGuests({ RESERVATION_MAX_GUESTS: '0' })).toBe(8);
  });
});
