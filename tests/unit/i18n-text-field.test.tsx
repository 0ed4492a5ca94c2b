import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { I18nTextField } from '../../src/client/staff/admin/I18nTextField';

const languages = [
  { code: 'de', name: 'Deutsch' },
  { code: 'en', name: 'English' },
];

function field(value: Record<string, string>) {
  return render(
    <I18nProvider i18n={i18n}>
      <I18nTextField label="Size name" value={value} onChange={() => undefined} languages={languages} />
    </I18nProvider>,
  );
}

beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

describe('the back office’s translated text field', () => {
  it('names the languages a text still lacks', () => {
    field({ de: 'Groß' });
    expect(screen.getByText('Missing: English')).toBeInTheDocument();
  });

  it('says every language is there once they are', () => {
    field({ de: 'Groß', en: 'Large' });
    expect(screen.getByText('All languages')).toBeInTheDocument();
  });

  it('warns of nothing while the default language is empty too (an optional size name): there is nothing to translate yet', () => {
    field({ de: '' });
    expect(screen.queryByText(/Missing/)).toBeNull();
    expect(screen.queryByText('All languages')).toBeNull();
  });
});
