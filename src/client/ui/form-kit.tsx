/**
 * Account forms share one shape: a yup schema from `shared/contract` drives Formik, the server's
 * 422 field errors show under their fields (first message only) and together in one toast (spec §8).
 */
import { useLingui } from '@lingui/react/macro';
import { useFormik, type FormikErrors, type FormikValues } from 'formik';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { ApiError } from '../lib/api';
import { fieldMessages } from '../lib/validation-messages';
import { dismissToast, pushToast } from './toasts';

type Errors = Partial<Record<string, string>>;

interface Options<V extends FormikValues> {
  id: string;
  schema: AnyObjectSchema;
  initialValues: V;
  context?: Record<string, unknown>;
  /** Throw an ApiError to show the server's field errors. */
  onSubmit: (values: V) => Promise<void>;
}

export function useSchemaForm<V extends FormikValues>({ id, schema, initialValues, context, onSubmit }: Options<V>) {
  const { t } = useLingui();
  const [serverErrors, setServerErrors] = useState<Errors>({});
  // The toast of a failed attempt speaks for that attempt only: the next one takes it away.
  const errorToast = useRef<number | null>(null);
  const toastError = (body: string) => {
    errorToast.current = pushToast({ tone: 'error', title: t`Error`, body });
  };
  const formik = useFormik<V>({
    initialValues,
    enableReinitialize: true,
    validate: async (values) => {
      try {
        await schema.validate(values, { abortEarly: false, context });
        return {};
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return fieldMessages(error, t) as FormikErrors<V>;
      }
    },
    onSubmit: async (values) => {
      setServerErrors({});
      if (errorToast.current !== null) dismissToast(errorToast.current);
      errorToast.current = null;
      try {
        await onSubmit(values);
      } catch (error) {
        if (!(error instanceof ApiError)) {
          toastError(t`We could not reach the restaurant. Please check your connection and try again.`);
          return;
        }
        const fields: Errors = {};
        for (const [field, messages] of Object.entries(error.fields)) fields[field] = messages[0];
        setServerErrors(fields);
        const joined = Object.values(fields).join(' ');
        toastError(joined || error.message);
        const first = Object.keys(fields)[0];
        if (first) document.getElementById(`${id}-${first}`)?.focus();
      }
    },
  });

  // A submit the form's own checks stop leaves the focus on the button; take it to the first field
  // that needs attention (its message is tied to it by aria-describedby), as the server's 422 does.
  const { submitCount, isSubmitting, isValidating, isValid } = formik;
  const focusedFor = useRef(0);
  useEffect(() => {
    if (submitCount === focusedFor.current || isSubmitting || isValidating) return;
    focusedFor.current = submitCount;
    if (isValid) return;
    document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"][aria-invalid="true"]`)?.focus();
  }, [submitCount, isSubmitting, isValidating, isValid, id]);

  const errorOf = (name: string): string | undefined =>
    serverErrors[name] ?? (formik.touched[name] || formik.submitCount > 0 ? (formik.errors as Errors)[name] : undefined);

  const inputProps = (name: keyof V & string) => ({
    id: `${id}-${name}`,
    name,
    value: String(formik.values[name] ?? ''),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      void formik.setFieldValue(name, e.target.value);
      if (serverErrors[name]) setServerErrors(({ [name]: _gone, ...rest }) => rest);
    },
    onBlur: formik.handleBlur,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `${id}-${name}-error` : undefined,
  });

  return { formik, id, errorOf, inputProps };
}

export type SchemaForm<V extends FormikValues> = ReturnType<typeof useSchemaForm<V>>;

export function FieldError<V extends FormikValues>({ form, name }: { form: SchemaForm<V>; name: string }) {
  const message = form.errorOf(name);
  return message ? (
    <p className="field-error" id={`${form.id}-${name}-error`} role="alert">
      {message}
    </p>
  ) : null;
}

interface TextFieldProps<V extends FormikValues> {
  form: SchemaForm<V>;
  name: keyof V & string;
  label: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  hint?: ReactNode;
  onBlur?: (e: React.FocusEvent<HTMLInputElement>) => void;
}

export function TextField<V extends FormikValues>({ form, name, label, type = 'text', hint, onBlur, ...rest }: TextFieldProps<V>) {
  const props = form.inputProps(name);
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <input
        {...props}
        {...rest}
        type={type}
        inputMode={type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined}
        onBlur={(e) => {
          props.onBlur(e);
          onBlur?.(e);
        }}
      />
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError form={form} name={name} />
    </div>
  );
}

export function CheckboxField<V extends FormikValues>({ form, name, children }: { form: SchemaForm<V>; name: keyof V & string; children: ReactNode }) {
  const props = form.inputProps(name);
  return (
    <div className="field field--check">
      <label className="check">
        <input
          type="checkbox"
          id={props.id}
          name={name}
          checked={Boolean(form.formik.values[name])}
          onChange={(e) => void form.formik.setFieldValue(name, e.target.checked)}
          aria-invalid={props['aria-invalid']}
          aria-describedby={props['aria-describedby']}
        />
        <span>{children}</span>
      </label>
      <FieldError form={form} name={name} />
    </div>
  );
}
