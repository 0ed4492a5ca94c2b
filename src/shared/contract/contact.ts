/**
 * The contact form (spec §3 Contact message, §5, §7 POST /contact) and the staff side's list of
 * what arrived through it. One yup schema for Formik and the server; limits in decision 015.
 */
import * as yup from 'yup';
import { emailAddress } from './email';
import { HONEYPOT_FIELD } from './honeypot';
import { trimmedString } from './params';
import { V } from './validation';

/** Spec is silent on lengths: a name fits in 60, a subject in one line, a message in a long e-mail's body. */
export const CONTACT_LIMITS = { name: 60, subject: 150, message: 5000 } as const;

/** The trap field (shared/contract/honeypot.ts), under the name the contact form has always used. */
export const CONTACT_HONEYPOT = HONEYPOT_FIELD;

const text = (max: number) => trimmedString().typeError(V.required).max(max, V.tooLong).required(V.required);

export const contactSchema = yup.object({
  fname: text(CONTACT_LIMITS.name),
  lname: text(CONTACT_LIMITS.name),
  email: emailAddress().required(V.required),
  subject: text(CONTACT_LIMITS.subject),
  message: text(CONTACT_LIMITS.message),
  terms: yup.boolean().typeError(V.terms).oneOf([true], V.terms).required(V.terms),
});
export type ContactRequest = yup.InferType<typeof contactSchema>;

/** A contact message as the staff side lists it. */
export interface ContactMessage {
  id: number;
  fname: string;
  lname: string;
  email: string;
  subject: string;
  message: string;
  /** The language the sender wrote from (de, en …), so a reply can be in it. */
  lang: string;
  createdAt: string;
  /** Null while open. */
  doneAt: string | null;
  doneBy: string | null;
}

export const contactDoneSchema = yup.object({
  done: yup.boolean().typeError(V.choice).required(V.required),
});
