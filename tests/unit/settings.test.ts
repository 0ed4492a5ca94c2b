import { describe, expect, it } from 'vitest';
import type { Media, Setting } from '../../src/shared/contract/catalog';
import {
  isOn,
  resolveSettingValue,
  settingsMap,
  text,
  whatsappNumber,
  type SettingsMap,
} from '../../src/shared/contract/settings';

function media(url: string): Media {
  return { id: url, url, alt: '', variants: {} };
}

const poster = media('/media/poster.jpg');
const icon = media('/media/icon.png');
const splash = media('/media/splash.jpg');
const background = media('/media/background.jpg');

function setting(overrides: Partial<Setting>): Setting {
  return { key: 'LOGO', value: null, ...overrides };
}

describe('resolveSettingValue', () => {
  it('prefers the setting’s own value over every image', () => {
    expect(resolveSettingValue(setting({ value: '/own.png', poster, icon, splash, background }))).toBe('/own.png');
  });

  it('keeps own values that are falsy but set', () => {
    expect(resolveSettingValue(setting({ key: 'ALLOW_TIP', value: false, poster }))).toBe(false);
    expect(resolveSettingValue(setting({ key: 'FONT_SIZE', value: 0, poster }))).toBe(0);
    expect(resolveSettingValue(setting({ key: 'ALLOW_TIP', value: '0', poster }))).toBe('0');
  });

  it('falls back to the poster when the own value is null, undefined or empty', () => {
    expect(resolveSettingValue(setting({ value: null, poster, icon, splash, background }))).toBe('/media/poster.jpg');
    expect(resolveSettingValue(setting({ value: undefined, poster, icon }))).toBe('/media/poster.jpg');
    expect(resolveSettingValue(setting({ value: '', poster, icon }))).toBe('/media/poster.jpg');
  });

  it('falls back to the icon when there is no poster', () => {
    expect(resolveSettingValue(setting({ key: 'FAVICON', poster: null, icon, splash, background }))).toBe('/media/icon.png');
  });

  it('falls back to the splash when there is no poster or icon', () => {
    expect(resolveSettingValue(setting({ icon: null, splash, background }))).toBe('/media/splash.jpg');
  });

  it('falls back to the background last', () => {
    expect(resolveSettingValue(setting({ key: 'BACKGROUND_IMAGE', value: '', background }))).toBe('/media/background.jpg');
  });

  it('gives BACKGROUND_IMAGE with nothing at all an empty string', () => {
    expect(resolveSettingValue(setting({ key: 'BACKGROUND_IMAGE', value: null }))).toBe('');
    expect(resolveSettingValue(setting({ key: 'BACKGROUND_IMAGE', value: undefined, poster: null }))).toBe('');
  });

  it('gives any other key with nothing at all null', () => {
    expect(resolveSettingValue(setting({ key: 'LOGO', value: null }))).toBeNull();
    expect(resolveSettingValue(setting({ key: 'SITE_TITLE', value: undefined, poster: null, icon: null }))).toBeNull();
  });
});

describe('settingsMap', () => {
  it('maps every key to its resolved value', () => {
    expect(
      settingsMap([
        setting({ key: 'SITE_TITLE', value: 'Trattoria' }),
        setting({ key: 'LOGO', value: null, poster }),
        setting({ key: 'BACKGROUND_IMAGE', value: null }),
      ]),
    ).toEqual({ SITE_TITLE: 'Trattoria', LOGO: '/media/poster.jpg', BACKGROUND_IMAGE: '' });
  });
});

describe('isOn', () => {
  it.each<[string, unknown]>([
    ["''", ''],
    ["'0'", '0'],
    ["'false'", 'false'],
    ['null', null],
    ['false', false],
    ['0', 0],
    ['undefined', undefined],
  ])('is off for %s', (_label, value) => {
    const map: SettingsMap = { ALLOW_TIP: value };
    expect(isOn(map, 'ALLOW_TIP')).toBe(false);
  });

  it.each<[string, unknown]>([
    ["'1'", '1'],
    ["'yes'", 'yes'],
    ['true', true],
    ['1', 1],
    ["'on'", 'on'],
  ])('is on for %s', (_label, value) => {
    const map: SettingsMap = { ALLOW_TIP: value };
    expect(isOn(map, 'ALLOW_TIP')).toBe(true);
  });

  it('is off for a key missing from the map', () => {
    expect(isOn({ ALLOW_DELIVERY: '1' }, 'ALLOW_TIP')).toBe(false);
  });
});

describe('text', () => {
  it('returns strings as they are, stringifies other values and turns nothing into an empty string', () => {
    const map: SettingsMap = { SITE_TITLE: 'Trattoria', FONT_SIZE: 16, PHONE: null };
    expect(text(map, 'SITE_TITLE')).toBe('Trattoria');
    expect(text(map, 'FONT_SIZE')).toBe('16');
    expect(text(map, 'PHONE')).toBe('');
    expect(text(map, 'ADDRESS')).toBe('');
  });
});

describe('whatsappNumber', () => {
  it('turns a leading + into 00 and drops spaces', () => {
    expect(whatsappNumber('+49 170 1234567')).toBe('00491701234567');
  });

  it('drops punctuation and surrounding whitespace', () => {
    expect(whatsappNumber('  +49 (170) 123-45/67 ')).toBe('00491701234567');
  });

  it('keeps a number that already has an international prefix', () => {
    expect(whatsappNumber('0049 170 1234567')).toBe('00491701234567');
  });

  it('only replaces a leading +', () => {
    expect(whatsappNumber('49+170')).toBe('49170');
  });
});
