import './settings.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { FONT_NAMES } from '../../../shared/contract/branding';
import { LOADER_STYLES } from '../../../shared/contract/settings';
import {
  SETTINGS_SCHEMAS,
  type PageChoice,
  type SettingsAdminView,
  type SettingsGroup,
} from '../../../shared/contract/settings-admin';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { useEditSave } from '../admin/edit-form';
import { staffCall } from '../api';
import { Field, SwitchField, useAdminMessage } from './fields';
import { AccountsNotes, LoyaltyExample, OrderingNotes, TipButtons } from './notes';
import { BrandPreview } from './BrandPreview';
import { LogoUpload } from './LogoUpload';

type Values = Record<string, unknown>;

/** One group's form: its own values, its own save button and status, validated by the group's contract schema. */
interface GroupContext {
  values: Values;
  set: (key: string, value: unknown) => void;
  text: (key: string, label: string, hint: string, options?: { type?: string; placeholder?: string; inputMode?: 'decimal' | 'numeric' | 'tel' | 'email' | 'url'; maxLength?: number; ltr?: boolean }) => ReactNode;
  toggle: (key: string, label: string, hint: string) => ReactNode;
  choice: (key: string, label: string, hint: string, options: { value: string; label: string }[]) => ReactNode;
  error: (key: string) => string | undefined;
  idOf: (key: string) => string;
  disabled: boolean;
}

function GroupForm({
  group,
  title,
  intro,
  initial,
  canEdit,
  onSaved,
  children,
}: {
  group: SettingsGroup;
  title: string;
  intro: string;
  initial: Values;
  canEdit: boolean;
  onSaved: (group: SettingsGroup, values: Values) => void;
  children: (ctx: GroupContext) => ReactNode;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const word = useAdminMessage();
  const base = useId();
  const [values, setValues] = useState<Values>(initial);
  useEffect(() => setValues(initial), [initial]);
  const { submit, errors, message, busy, saved } = useEditSave<Values>(SETTINGS_SCHEMAS[group], async (v) => {
    const next = await staffCall<Values>('PUT', `/settings/${group}`, v);
    setValues(next);
    onSaved(group, next);
  });
  const idOf = (key: string) => `${base}-${key}`;
  const error = (key: string) => word(errors[key]);
  const disabled = !canEdit;
  const set = (key: string, value: unknown) => setValues((old) => ({ ...old, [key]: value }));
  const ctx: GroupContext = {
    values,
    set,
    error,
    idOf,
    disabled,
    text: (key, label, hint, options = {}) => (
      <Field id={idOf(key)} label={label} hint={hint} error={error(key)}>
        {(describedBy) => (
          <input
            id={idOf(key)}
            name={key}
            type={options.type ?? 'text'}
            inputMode={options.inputMode}
            // Addresses, sizes and number lists read left to right in Arabic too ("/media/logo.svg", "5, 10, 15").
            dir={options.ltr ? 'ltr' : undefined}
            placeholder={options.placeholder}
            maxLength={options.maxLength}
            value={typeof values[key] === 'string' || typeof values[key] === 'number' ? String(values[key]) : ''}
            readOnly={disabled}
            aria-invalid={error(key) ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => set(key, e.target.value)}
          />
        )}
      </Field>
    ),
    toggle: (key, label, hint) => <SwitchField id={idOf(key)} label={label} hint={hint} checked={values[key] === true} disabled={disabled} error={error(key)} onChange={(on) => set(key, on)} />,
    choice: (key, label, hint, options) => (
      <Field id={idOf(key)} label={label} hint={hint} error={error(key)}>
        {(describedBy) => (
          <select id={idOf(key)} name={key} value={String(values[key] ?? '')} disabled={disabled} aria-describedby={describedBy} onChange={(e) => set(key, e.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    ),
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(values).then((ok) => {
      if (ok) return;
      // The first marked field gets the focus, so a keyboard or screen reader user lands on what to fix.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${CSS.escape(base)}-form [aria-invalid="true"]`)?.focus());
    });
  };
  return (
    <form id={`${base}-form`} className="staff-card settings-group" aria-labelledby={`${base}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${base}-title`}>{title}</h2>
      <p className="staff-muted settings-group__intro">{intro}</p>
      {children(ctx)}
      <div className="settings-group__actions">
        {canEdit ? (
          <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online}>
            {busy ? t`Saving…` : t`Save ${title}`}
          </button>
        ) : (
          <p className="staff-muted">
            <Trans>You can read these settings; the owner or a manager changes them.</Trans>
          </p>
        )}
        <p role="status" aria-live="polite" className={message ? 'staff-error' : saved ? 'settings-saved' : 'settings-status'}>
          {message ?? (saved ? t`Saved. Diners see it the next time they open the menu.` : '')}
        </p>
      </div>
    </form>
  );
}

/** The settings screen: the restaurant's name and look, contact, ordering, accounts, loyalty and reservations. */
export default function SettingsScreen({ me }: { me: StaffMember }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: ['staff', 'settings'], queryFn: () => staffCall<SettingsAdminView>('GET', '/settings') });
  const canEdit = staffMay(me.role, 'edit');
  const onSaved = (group: SettingsGroup, values: Values) =>
    queryClient.setQueryData<SettingsAdminView>(['staff', 'settings'], (old) => (old ? { ...old, groups: { ...old.groups, [group]: values } } : old));

  if (!view.data) {
    return (
      <main className="staff-page">
        <h1>
          <Trans>Settings</Trans>
        </h1>
        <NeedsNetwork />
        <p className="staff-muted" role="status">
          {view.isError ? <Trans>The settings cannot be loaded. Retrying…</Trans> : <Trans>Loading…</Trans>}
        </p>
      </main>
    );
  }
  const { groups, pages, environment } = view.data;
  const common = { canEdit, onSaved };
  const pageOptions = (list: PageChoice[]) => [{ value: '', label: t`No page` }, ...list.map((p) => ({ value: String(p.id), label: p.name }))];
  const pageSelect = (ctx: GroupContext, key: string, label: string, hint: string) => (
    <Field id={ctx.idOf(key)} label={label} hint={hint} error={ctx.error(key)}>
      {(describedBy) => (
        <select
          id={ctx.idOf(key)}
          value={ctx.values[key] === null || ctx.values[key] === undefined ? '' : String(ctx.values[key])}
          disabled={ctx.disabled}
          aria-describedby={describedBy}
          onChange={(e) => ctx.set(key, e.target.value === '' ? null : Number(e.target.value))}
        >
          {pageOptions(pages).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <main className="staff-page settings-page">
      <h1>
        <Trans>Settings</Trans>
      </h1>
      <NeedsNetwork />
      <nav className="settings-toc" aria-label={t`Setting groups`}>
        {[
          ['identity', t`Name and look`],
          ['contact', t`Contact and links`],
          ['ordering', t`Ordering`],
          ['accounts', t`Customer accounts`],
          ['loyalty', t`Loyalty points`],
          ['reservations', t`Reservations`],
        ].map(([id, label]) => (
          <a key={id} href={`#settings-${id}`}>
            {label}
          </a>
        ))}
      </nav>

      <section id="settings-identity" className="settings-section">
        <GroupForm group="identity" title={t`Name and look`} intro={t`How your restaurant appears to diners: its name, logo, colours and font.`} initial={groups.identity} {...common}>
          {(ctx) => (
            <div className="settings-identity">
              <div className="settings-identity__fields">
                {ctx.text('SITE_TITLE', t`Restaurant name`, t`Shown in the browser tab, at the top of the menu and in e-mails.`, { maxLength: 80 })}
                {ctx.text('LOGO', t`Logo`, t`The address of your logo picture on this site, starting with /; leave it empty to keep the current one.`, { placeholder: '/media/brand/logo.svg', ltr: true })}
                {canEdit ? <LogoUpload onUploaded={(url) => ctx.set('LOGO', url)} /> : null}
                <ColorField ctx={ctx} name="BRAND_COLOR" label={t`Main colour`} hint={t`Colours the header, buttons and links; white text sits on it, so choose a darker shade.`} fallback="#1f5c4a" />
                <ColorField ctx={ctx} name="ACCENT_COLOR" label={t`Accent colour`} hint={t`Highlights prices, badges and small marks.`} fallback="#e9a23b" />
                {ctx.choice('FONT_FAMILY', t`Font`, t`The typeface of the whole menu; all of them work offline.`, [
                  { value: 'system', label: t`The device's own font` },
                  ...FONT_NAMES.map((f) => ({ value: f, label: f })),
                ])}
                {ctx.text('FONT_SIZE', t`Text size`, t`The base size of all text, from 12 to 24 px; 16 px suits most diners.`, { placeholder: '16px', maxLength: 8, ltr: true })}
                {ctx.choice(
                  'LOADER_STYLE',
                  t`Loading animation`,
                  t`What diners see while the menu loads.`,
                  LOADER_STYLES.map((s) => ({ value: s, label: { pizza: t`Pizza`, burger: t`Burger`, infinite: t`Endless loop`, logo: t`Your logo` }[s] })),
                )}
                <details className="settings-more">
                  <summary>
                    <Trans>More pictures</Trans>
                  </summary>
                  {ctx.text('FAVICON', t`Browser icon`, t`The small picture in the browser tab and on a phone's home screen.`, { placeholder: '/favicon.svg' })}
                  {ctx.text('BACKGROUND_IMAGE', t`Page background`, t`A picture behind the whole menu; leave empty for a plain background.`)}
                  {ctx.text('BREADCRUMB_BACKGROUND', t`Title background`, t`The picture behind page titles such as "Contact".`)}
                  {ctx.text('LOGIN_IMAGE', t`Sign-in picture`, t`Shown beside the sign-in form.`)}
                  {ctx.text('REGISTER_IMAGE', t`Registration picture`, t`Shown beside the registration form.`)}
                  {ctx.text('FORGOT_PASSWORD_IMAGE', t`Forgotten-password picture`, t`Shown beside the form for a new password.`)}
                </details>
                <details className="settings-more">
                  <summary>
                    <Trans>For your web designer</Trans>
                  </summary>
                  <Field id={ctx.idOf('CUSTOM_HEADER_CODE')} label={t`Extra code in the page head`} hint={t`Analytics or verification tags; the server refuses anything that could harm diners.`} error={ctx.error('CUSTOM_HEADER_CODE')}>
                    {(describedBy) => (
                      <textarea
                        id={ctx.idOf('CUSTOM_HEADER_CODE')}
                        rows={4}
                        value={String(ctx.values.CUSTOM_HEADER_CODE ?? '')}
                        readOnly={ctx.disabled}
                        aria-describedby={describedBy}
                        aria-invalid={ctx.error('CUSTOM_HEADER_CODE') ? true : undefined}
                        onChange={(e) => ctx.set('CUSTOM_HEADER_CODE', e.target.value)}
                      />
                    )}
                  </Field>
                </details>
              </div>
              <BrandPreview values={ctx.values} />
            </div>
          )}
        </GroupForm>
      </section>

      <section id="settings-contact" className="settings-section">
        <GroupForm group="contact" title={t`Contact and links`} intro={t`How diners reach you; shown in the footer, on the contact page and in e-mails.`} initial={groups.contact} {...common}>
          {(ctx) => (
            <>
              {ctx.text('ADDRESS', t`Address`, t`Street, number, postcode and town, as diners should find you.`)}
              {ctx.text('PHONE', t`Phone`, t`Diners call this number for questions; write it with the area code, such as 040 1234567.`, { type: 'tel', inputMode: 'tel' })}
              {ctx.text('CONTACT_EMAIL', t`E-mail`, t`Where diners write to you; shown on the contact page.`, { type: 'email', inputMode: 'email' })}
              {ctx.text('WHATSAPP', t`WhatsApp number`, t`Leave empty to hide the WhatsApp button.`, { type: 'tel', inputMode: 'tel' })}
              <fieldset className="settings-pair">
                <legend>
                  <Trans>Map position of the restaurant</Trans>
                </legend>
                <p className="settings-field__hint">
                  <Trans>Latitude and longitude, such as 53.5645 and 9.9615; the delivery map marks this point.</Trans>
                </p>
                <Coordinates ctx={ctx} />
              </fieldset>
              {ctx.text('MAP_URL', t`Map link`, t`A map page (https://…) shown on the contact page.`, { type: 'url', inputMode: 'url' })}
              {ctx.text('COUNTRY', t`Country code`, t`Two letters, such as de: phone numbers without a country code are read in this country.`, { maxLength: 2 })}
              {ctx.text('TIMEZONE', t`Time zone`, t`Opening hours and order times are read in it, such as Europe/Berlin.`)}
              <details className="settings-more" open>
                <summary>
                  <Trans>Social media</Trans>
                </summary>
                <p className="settings-field__hint">
                  <Trans>Full addresses starting with https://; a link left empty shows no icon.</Trans>
                </p>
                {ctx.text('FACEBOOK', 'Facebook', t`Your Facebook page.`, { type: 'url', inputMode: 'url' })}
                {ctx.text('INSTAGRAM', 'Instagram', t`Your Instagram profile.`, { type: 'url', inputMode: 'url' })}
                {ctx.text('TWITTER', 'X (Twitter)', t`Your X profile.`, { type: 'url', inputMode: 'url' })}
                {ctx.text('TIKTOK', 'TikTok', t`Your TikTok profile.`, { type: 'url', inputMode: 'url' })}
                {ctx.text('PINTEREST', 'Pinterest', t`Your Pinterest profile.`, { type: 'url', inputMode: 'url' })}
                {ctx.text('LINKEDIN', 'LinkedIn', t`Your LinkedIn page.`, { type: 'url', inputMode: 'url' })}
                {ctx.text('TRIPADVISOR', 'Tripadvisor', t`Your Tripadvisor page, where diners leave reviews.`, { type: 'url', inputMode: 'url' })}
              </details>
              <details className="settings-more">
                <summary>
                  <Trans>Your own app</Trans>
                </summary>
                {ctx.text('ANDROID_APP_URL', t`Google Play link`, t`Only if you have an app of your own; shows a store badge.`, { type: 'url' })}
                {ctx.text('IOS_APP_URL', t`App Store link`, t`Only if you have an app of your own; shows a store badge.`, { type: 'url' })}
                {ctx.text('HUAWEI_APP_URL', t`AppGallery link`, t`Only if you have an app of your own; shows a store badge.`, { type: 'url' })}
              </details>
            </>
          )}
        </GroupForm>
      </section>

      <section id="settings-ordering" className="settings-section">
        <GroupForm group="ordering" title={t`Ordering`} intro={t`How diners may order. The minimum order and delivery fee are set per delivery area.`} initial={groups.ordering} {...common}>
          {(ctx) => (
            <>
              {ctx.toggle('ALLOW_DELIVERY', t`Delivery`, t`Diners can have their order brought to their door within your delivery areas.`)}
              {ctx.toggle('ALLOW_TAKEAWAY', t`Pick-up`, t`Diners can collect their order themselves; no delivery fee.`)}
              {ctx.toggle('ALLOW_CURBSIDE', t`Curbside pick-up`, t`Diners collect at the kerb and tell you when they have arrived.`)}
              {ctx.toggle('ALLOW_GUEST_CHECKOUT', t`Order without an account`, t`Diners can order with name, e-mail and phone only; off, they must sign in first.`)}
              {ctx.toggle('USES_NEW_ADDRESS_SYSTEM', t`Addresses on a map`, t`Diners mark their address on a map and the delivery area is found for them.`)}
              {ctx.toggle('ALLOW_TIP', t`Tips`, t`Checkout offers a tip; it goes in full to you.`)}
              {ctx.text('TIP_PERCENTS', t`Tip buttons`, t`Percentages offered as one tap, separated by commas, such as 5, 10, 15.`, { placeholder: '5, 10, 15', inputMode: 'decimal', ltr: true })}
              <TipButtons raw={String(ctx.values.TIP_PERCENTS ?? '')} on={ctx.values.ALLOW_TIP === true} />
              {ctx.toggle('ALLOW_ISSUE_INVOICE', t`Invoices`, t`Diners can ask for an invoice with their order.`)}
              {pageSelect(ctx, 'TERMS_AND_CONDITIONS', t`Terms and conditions page`, t`The page diners agree to at checkout.`)}
              {pageSelect(ctx, 'PRIVACY_POLICY', t`Privacy policy page`, t`The page linked wherever diners give their data.`)}
              <OrderingNotes environment={environment} />
            </>
          )}
        </GroupForm>
      </section>

      <section id="settings-accounts" className="settings-section">
        <GroupForm group="accounts" title={t`Customer accounts`} intro={t`Whether diners may create an account to keep addresses and see their orders.`} initial={groups.accounts} {...common}>
          {(ctx) => (
            <>
              {ctx.toggle('ALLOW_REGISTRATION', t`Registration`, t`Diners can create an account; existing accounts keep working when this is off.`)}
              {ctx.toggle('SOCIAL_LOGIN', t`Sign in with Google or Facebook`, t`Shows the buttons of the providers the server is set up for.`)}
              <AccountsNotes environment={environment} />
            </>
          )}
        </GroupForm>
      </section>

      <section id="settings-loyalty" className="settings-section">
        <GroupForm group="loyalty" title={t`Loyalty points`} intro={t`Regular diners collect points with each order and pay with them later.`} initial={groups.loyalty} {...common}>
          {(ctx) => (
            <>
              {ctx.toggle('LOYALTY_SYSTEM', t`Loyalty points`, t`Signed-in diners earn points on completed orders and can use them at checkout.`)}
              {ctx.text('LOYALTY_EARN_PERCENT', t`Points per order (percent)`, t`The share of the order's value credited as points, from 0 to 100.`, { inputMode: 'decimal', maxLength: 6 })}
              <LoyaltyExample raw={ctx.values.LOYALTY_EARN_PERCENT} />
            </>
          )}
        </GroupForm>
      </section>

      <section id="settings-reservations" className="settings-section">
        <GroupForm group="reservations" title={t`Reservations`} intro={t`Table requests diners send from the menu; you confirm them on the Reservations screen.`} initial={groups.reservations} {...common}>
          {(ctx) => (
            <>
              {ctx.toggle('RESERVATION_ENABLED', t`Table reservations`, t`Shows the "Reserve a table" button to diners.`)}
              {ctx.text('RESERVATION_MIN_NOTICE_MINUTES', t`Notice needed (minutes)`, t`How long before the visit a request must arrive, such as 120 for two hours.`, { inputMode: 'numeric', maxLength: 5 })}
              {ctx.text('RESERVATION_MAX_GUESTS', t`Largest party online`, t`Bigger groups are asked to call you.`, { inputMode: 'numeric', maxLength: 2 })}
            </>
          )}
        </GroupForm>
      </section>
    </main>
  );
}

function ColorField({ ctx, name, label, hint, fallback }: { ctx: GroupContext; name: string; label: string; hint: string; fallback: string }) {
  const { t } = useLingui();
  const value = String(ctx.values[name] ?? '');
  const id = ctx.idOf(name);
  return (
    <Field id={id} label={label} hint={hint} error={ctx.error(name)}>
      {(describedBy) => (
        <div className="settings-color">
          <input
            type="color"
            aria-label={t`${label}: colour picker`}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : fallback}
            disabled={ctx.disabled}
            onChange={(e) => ctx.set(name, e.target.value)}
          />
          <input
            id={id}
            dir="ltr"
            value={value}
            placeholder={fallback}
            maxLength={7}
            readOnly={ctx.disabled}
            aria-invalid={ctx.error(name) ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => ctx.set(name, e.target.value.trim())}
          />
          {value && !ctx.disabled ? (
            <button type="button" className="admin-link" onClick={() => ctx.set(name, '')}>
              <Trans>Use the built-in colour</Trans>
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

function Coordinates({ ctx }: { ctx: GroupContext }) {
  const { t } = useLingui();
  const raw = ctx.values.RESTAURANT_COORDINATES as { lat: unknown; lng: unknown } | null;
  const part = (which: 'lat' | 'lng') => (raw && raw[which] !== undefined && raw[which] !== null ? String(raw[which]) : '');
  const change = (which: 'lat' | 'lng', value: string) => {
    const next = { lat: part('lat'), lng: part('lng'), [which]: value };
    ctx.set('RESTAURANT_COORDINATES', next.lat.trim() === '' && next.lng.trim() === '' ? null : next);
  };
  return (
    <div className="settings-pair__inputs">
      {(['lat', 'lng'] as const).map((which) => {
        const key = `RESTAURANT_COORDINATES.${which}`;
        const id = ctx.idOf(key.replace('.', '-'));
        const error = ctx.error(key) ?? ctx.error('RESTAURANT_COORDINATES');
        return (
          <div key={which} className="settings-field">
            <label htmlFor={id}>{which === 'lat' ? t`Latitude` : t`Longitude`}</label>
            <input
              id={id}
              inputMode="decimal"
              value={part(which)}
              readOnly={ctx.disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => change(which, e.target.value)}
            />
            {error ? (
              <p className="staff-error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
