import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { emailAddress, isEmail } from '../../src/shared/contract/email';

describe('the shared e-mail rule', () => {
  it('accepts what mail servers deliver', () => {
    for (const email of [
      'a@example.org',
      'erika.mustermann@example.de',
      'first.last+tag@mail.example.co.uk',
      "o'hara@example.ie",
      'x_y-z=1@sub-domain.example',
      'user@xn--mller-kva.de',
      `${'e'.repeat(64)}@example.org`,
    ]) {
      expect(isEmail(email), email).toBe(true);
    }
  });

  it('refuses what a mail server later refuses silently', () => {
    for (const email of [
      'a@example.org>',
      '<a@example.org>',
      'Ada <a@example.org>',
      'a@example.org,b@example.org',
      'a@b@example.org',
      'a@example..org',
      'a@.example.org',
      'a@example.org.',
      'a@-example.org',
      'a@example-.org',
      'a@exa_mple.org',
      'a@example.o',
      'a@example.123',
      'a@localhost',
      '.a@example.org',
      'a.@example.org',
      'a..b@example.org',
      '"a b"@example.org',
      'a b@example.org',
      'a@exam ple.org',
      'a(comment)@example.org',
      'ä@example.org',
      'a@müller.de',
      'a@example.org\n',
      `${'e'.repeat(65)}@example.org`,
      `e@${'x'.repeat(64)}.org`,
      `e@${'x'.repeat(60)}.${'y'.repeat(60)}.${'z'.repeat(60)}.${'w'.repeat(60)}.abcde.org`,
    ]) {
      expect(isEmail(email), email).toBe(false);
    }
  });

  it('trims and lower-cases, and names the field error by its key', async () => {
    expect(await emailAddress().validate('  Ada@Example.ORG ')).toBe('ada@example.org');
    await expect(emailAddress().validate('a@example.org>')).rejects.toThrow(ValidationError);
    await expect(emailAddress().validate('a@example.org>')).rejects.toMatchObject({ errors: ['validation.email'] });
    await expect(emailAddress(20).validate('abcdefghij@example.org')).rejects.toMatchObject({ errors: ['validation.email'] });
  });
});
