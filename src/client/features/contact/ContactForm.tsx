import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { CONTACT_HONEYPOT, CONTACT_LIMITS, contactSchema } from '../../../shared/contract/contact';
import { post } from '../../lib/api';
import { CheckboxField, FieldError, TextField, useSchemaForm, type SchemaForm } from '../../ui/form-kit';
import { HoneypotField } from '../../ui/HoneypotField';
import { TermsText, useMe } from '../account';
import { useOnline } from '../pwa';
import './contact-form.css';

type ContactValues = { fname: string; lname: string; email: string; subject: string; message: string; terms: boolean };

/** A signed-in customer's one name field, split the usual way: the last word is the family name. */
function splitName(name: string): { fname: string; lname: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { fname: words[0] ?? '', lname: '' };
  return { fname: words.slice(0, -1).join(' '), lname: words.at(-1) ?? '' };
}

/** Spec §2 /contact and §5: every field required, the button off until the form is complete. */
export function ContactForm() {
  const { t } = useLingui();
  const me = useMe();
  const online = useOnline();
  const trap = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(false);
  const form = useSchemaForm<ContactValues>({
    id: 'contact',
    schema: contactSchema,
    initialValues: { ...splitName(me?.name ?? ''), email: me?.email ?? '', subject: '', message: '', terms: false },
    onSubmit: async (values) => {
      await post<{ message: string }>('/contact', { ...values, [CONTACT_HONEYPOT]: trap.current?.value ?? '' });
      form.formik.resetForm();
      setSent(true);
    },
  });
  // The schema has no asynchronous rules, so the button can follow every keystroke.
  const complete = contactSchema.isValidSync(form.formik.values);

  if (sent) return <Sent onAgain={() => setSent(false)} />;
  const blockedBy = !online ? 'contact-offline' : !complete ? 'contact-incomplete' : undefined;
  return (
    <form onSubmit={form.formik.handleSubmit} noValidate className="contact-form" aria-labelledby="contact-form-title">
      <div className="contact-form__lead">
        <h2 id="contact-form-title">
          <Trans>Write to us</Trans>
        </h2>
        <p className="contact-form__intro">
          <Trans>Questions, a party, something you left behind? We read every message and answer by e-mail.</Trans>
        </p>
      </div>
      <div className="contact-form__fields">
        <div className="contact-form__names">
          <TextField form={form} name="fname" label={<Trans>First name</Trans>} autoComplete="given-name" maxLength={CONTACT_LIMITS.name} required />
          <TextField form={form} name="lname" label={<Trans>Last name</Trans>} autoComplete="family-name" maxLength={CONTACT_LIMITS.name} required />
        </div>
        <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" maxLength={254} required />
        <TextField form={form} name="subject" label={<Trans>Subject</Trans>} maxLength={CONTACT_LIMITS.subject} required />
        <MessageField form={form} label={t`Message`} />
        <HoneypotField id="contact-website" inputRef={trap} />
        <CheckboxField form={form} name="terms">
          <TermsText />
        </CheckboxField>
        {!online ? (
          <p className="hint" id="contact-offline" role="status">
            <Trans>Sending needs a connection. You are offline: your text stays here until you are back online.</Trans>
          </p>
        ) : !complete ? (
          <p className="hint" id="contact-incomplete">
            <Trans>Fill in every field and accept the terms to send your message.</Trans>
          </p>
        ) : null}
        <button type="submit" className="button button--block" disabled={!complete || !online || form.formik.isSubmitting} aria-describedby={blockedBy}>
          {form.formik.isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
        </button>
      </div>
    </form>
  );
}

function MessageField({ form, label }: { form: SchemaForm<ContactValues>; label: string }) {
  const props = form.inputProps('message');
  const length = form.formik.values.message.length;
  const max = CONTACT_LIMITS.message;
  // Counting down only near the end: a counter from the first letter reads like pressure.
  const near = length > max * 0.8;
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <textarea {...props} rows={6} maxLength={max} required aria-describedby={[props['aria-describedby'], near ? 'contact-message-count' : undefined].filter(Boolean).join(' ') || undefined} />
      {near ? (
        <p className="field-hint" id="contact-message-count">
          <Trans>
            {length} of {max} characters
          </Trans>
        </p>
      ) : null}
      <FieldError form={form} name="message" />
    </div>
  );
}

function Sent({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contact-form contact-form--sent" role="status">
      <svg className="contact-form__tick" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="24" fill="currentColor" opacity="0.14" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 ref={heading} tabIndex={-1}>
        <Trans>Thank you!</Trans>
      </h2>
      <p>
        <Trans>Your message has been received. We will contact you shortly.</Trans>
      </p>
      <button type="button" className="button button--ghost" onClick={onAgain}>
        <Trans>Write another message</Trans>
      </button>
    </div>
  );
}
