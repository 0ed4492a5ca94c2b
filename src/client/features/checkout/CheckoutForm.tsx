import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useFormik, type FormikErrors } from 'formik';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ValidationError } from 'yup';
import type { CartLine } from '../../../shared/contract/cart';
import { checkoutSchema } from '../../../shared/contract/checkout';
import type { DeliverType, PaymentProviderInfo } from '../../../shared/contract/order';
import { MAX_NOTES_LENGTH, MAX_SCHEDULE_DAYS, MIN_SCHEDULE_LEAD_MINUTES } from '../../../shared/contract/order';
import { isOn, text, timeZoneOf } from '../../../shared/contract/settings';
import { instantToLocalDateTime } from '../../../shared/opening-hours';
import {
  cartTotals,
  deliveryFee,
  loyaltyCheckboxDisabled,
  loyaltyDiscount,
  linePrice,
  minimumOrderShortfall,
  normaliseTip,
  tipFromPercent,
  toCents,
} from '../../../shared/pricing';
import type { StoredTableSession } from '../../lib/db';
import { readCheckoutDraft, saveCheckoutDraft } from '../../lib/checkout-draft';
import { useMoney } from '../../ui/money';
import { myAddressesQuery, SavedAddressPicker } from '../addresses';
import { useMe } from '../account';
import { describeLine } from '../cart';
import { soldOutNames } from '../../../shared/availability';
import { useAvailability } from '../availability';
import { catalogQueries, useLang, useSettings } from '../catalog';
import { enqueueOrder, outbox } from '../outbox';
import { ItemsTable, TotalsBlock } from '../orders';
import { useOnline } from '../pwa';
import { fieldMessages, VALIDATION_MESSAGES } from '../../lib/validation-messages';
import { draftOwner, restoreDraft, toDraft } from './draft';
import { toPayload, type CheckoutFormValues } from './payload';
import { PaymentButtons } from './PaymentButtons';
import { withTaxClasses } from './tax-classes';


type Errors = Partial<Record<string, string>>;

interface Props {
  lines: readonly CartLine[];
  table: StoredTableSession | null;
}

const FIELD_ORDER = ['deliverType', 'name', 'email', 'phone', 'areaId', 'addressId', 'address', 'deliverAt', 'deliverDate', 'notes', 'tip', 'terms'];

export function CheckoutForm({ lines, table }: Props) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const lang = useLang();
  const settings = useSettings();
  const online = useOnline();
  const areas = useQuery(catalogQueries.areas()).data ?? [];
  const taxes = useQuery(catalogQueries.taxes(lang)).data ?? [];
  const queryClient = useQueryClient();
  const hours = useQuery(catalogQueries.workingHours()).data;
  const providers = useQuery(catalogQueries.paymentProviders(lang)).data ?? [];
  const user = useMe();
  // At a table the order belongs to the table session; the account's addresses and points stay out of it.
  const account = user !== null && !table;
  const savedAddresses = useQuery({ ...myAddressesQuery(), enabled: account }).data ?? [];
  const loyaltyOn = account && isOn(settings, 'LOYALTY_SYSTEM');
  const points = loyaltyOn && user ? toCents(user.profit) : 0;
  const timeZone = timeZoneOf(settings);
  const openNow = hours ? hours.meta.isOpenNow : true;

  const allowedTypes = useMemo(() => {
    const types: { id: Exclude<DeliverType, 'table'>; label: string }[] = [];
    if (isOn(settings, 'ALLOW_DELIVERY')) types.push({ id: 'delivery', label: t`Deliver to my address` });
    if (isOn(settings, 'ALLOW_TAKEAWAY')) types.push({ id: 'takeaway', label: t`I will take my order` });
    if (isOn(settings, 'ALLOW_CURBSIDE')) types.push({ id: 'curbside', label: t`Curbside` });
    return types;
  }, [settings, t]);

  const tipPercents = text(settings, 'TIP_PERCENTS')
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((x) => Number.isFinite(x) && x > 0);
  const tipEnabled = isOn(settings, 'ALLOW_TIP') && tipPercents.length > 0;
  const pageIds = { terms: Number(text(settings, 'TERMS_AND_CONDITIONS')) || null, privacy: Number(text(settings, 'PRIVACY_POLICY')) || null };

  const [serverErrors, setServerErrors] = useState<Errors>({});
  const submittedAt = useRef(0);
  const rejection = useSnapshot(outbox).lastRejection;
  useEffect(() => {
    if (!rejection || rejection.at < submittedAt.current) return;
    const next: Errors = {};
    for (const [field, messages] of Object.entries(rejection.fields)) next[field] = messages[0];
    setServerErrors(next);
  }, [rejection]);

  const subtotal = lines.reduce((sum, l) => sum + linePrice(l), 0);
  // Told before paying, by name: the server would refuse these (for an order due today) anyway.
  const { sold } = useAvailability();
  const soldOut = lines.flatMap((l) => soldOutNames(l, sold));
  const minLater = instantToLocalDateTime(new Date(Date.now() + MIN_SCHEDULE_LEAD_MINUTES * 60_000), timeZone);
  const maxLater = instantToLocalDateTime(new Date(Date.now() + MAX_SCHEDULE_DAYS * 86_400_000), timeZone);

  const tipOf = (values: CheckoutFormValues) =>
    !tipEnabled
      ? 0
      : values.tipPercent !== null
        ? tipFromPercent(subtotal, values.tipPercent)
        : normaliseTip(Number(values.tipAmount.replace(',', '.')));
  const savedOf = (values: CheckoutFormValues) => savedAddresses.find((a) => String(a.id) === values.addressId) ?? null;
  const areaOf = (values: CheckoutFormValues) =>
    account ? (savedOf(values)?.area ?? null) : (areas.find((a) => String(a.id) === values.areaId) ?? null);

  // A refusal, a declined card or a reload brings the diner back to what they typed (decision 006).
  const owner = draftOwner(table ? null : (user?.id ?? null), table?.code ?? null);
  const [draft] = useState(() => readCheckoutDraft(owner));
  const [initialValues] = useState<CheckoutFormValues>(() =>
    restoreDraft(
      {
        deliverType: table ? 'table' : allowedTypes.length === 1 && allowedTypes[0] ? allowedTypes[0].id : '',
        name: '',
        email: '',
        phone: '',
        areaId: '',
        addressId: '',
        address: '',
        extras: '',
        deliverAt: openNow ? 'now' : 'later',
        deliverDate: '',
        notes: '',
        tipPercent: null,
        tipAmount: '',
        issueInvoice: false,
        terms: false,
        useProfit: false,
      },
      draft,
      { deliverTypes: table ? ['table'] : allowedTypes.map((x) => x.id), openNow },
    ),
  );

  const formik = useFormik<CheckoutFormValues>({
    initialValues,
    validateOnMount: true,
    validate: async (values) => {
      const errors: Errors = {};
      if (!values.deliverType) errors.deliverType = t(VALIDATION_MESSAGES['validation.required']!);
      try {
        await checkoutSchema.validate(toPayload(values, lines, { paymentType: 'cash', tip: tipOf(values), tableCode: table?.code ?? null, account }), {
          abortEarly: false,
          context: { guest: !table && !account, account },
        });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        Object.assign(errors, { ...fieldMessages(error, t), ...errors });
      }
      if (values.deliverAt === 'now' && !openNow) errors.deliverAt = t`We are closed right now. Please choose a time.`;
      const area = values.deliverType === 'delivery' ? areaOf(values) : null;
      const shortfall = minimumOrderShortfall(area, subtotal);
      if (area && shortfall > 0) {
        const missing = money(shortfall);
        const minimum = money(toCents(area.minimumOrder));
        errors[account ? 'addressId' : 'areaId'] = t`Add ${missing} to reach the minimum order of ${minimum} for ${area.name}.`;
      }
      return errors as FormikErrors<CheckoutFormValues>;
    },
    onSubmit: () => undefined,
  });
  const { values } = formik;
  const errors = formik.errors as Errors;
  // Nothing is written until the diner enters something: an untouched form keeps no draft.
  const keepDraft = formik.dirty || draft !== null;
  useEffect(() => {
    if (keepDraft) saveCheckoutDraft(owner, toDraft(values));
  }, [keepDraft, owner, values]);
  // The cart can change beside the form (the cart panel stays open to the diner): check again.
  const { validateForm } = formik;
  useEffect(() => {
    void validateForm();
  }, [subtotal, lines.length, areas.length, savedAddresses.length, user, openNow, validateForm]);

  const defaultAddressId = (savedAddresses.find((a) => a.isDefault) ?? savedAddresses[0])?.id;
  const { setFieldValue } = formik;
  useEffect(() => {
    if (!account || values.deliverType !== 'delivery' || values.addressId || defaultAddressId === undefined) return;
    // Spec §4: choosing delivery selects the customer's default address after a short delay.
    const timer = setTimeout(() => void setFieldValue('addressId', String(defaultAddressId)), 300);
    return () => clearTimeout(timer);
  }, [account, values.deliverType, values.addressId, defaultAddressId, setFieldValue]);

  const setField = (field: keyof CheckoutFormValues, value: CheckoutFormValues[keyof CheckoutFormValues]) => {
    void formik.setFieldValue(field, value);
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorOf = (field: string): string | undefined =>
    serverErrors[field] ?? (formik.touched[field as keyof CheckoutFormValues] || formik.submitCount > 0 ? errors[field] : undefined);
  const fieldProps = (field: keyof CheckoutFormValues) => ({
    id: `checkout-${field}`,
    name: field,
    value: values[field] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setField(field, e.target.value),
    onBlur: formik.handleBlur,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `checkout-${field}-error` : undefined,
  });
  const ErrorText = ({ field }: { field: string }) => {
    const message = errorOf(field);
    return message ? (
      <p className="field-error" id={`checkout-${field}-error`} role="alert">
        {message}
      </p>
    ) : null;
  };

  const deliverType = values.deliverType;
  const area = deliverType === 'delivery' ? areaOf(values) : null;
  const tip = tipOf(values);
  const fee = deliveryFee(area, subtotal, deliverType || null);
  // Spec §4/§5: the toggle applies the whole balance, only when the cart price covers it plus 1 €.
  const pointsLocked = loyaltyCheckboxDisabled(points, subtotal + fee);
  const discount = values.useProfit && !pointsLocked ? loyaltyDiscount(points, subtotal + fee) : 0;
  const totals = cartTotals({
    // A cart saved before tax classes takes them from the cached catalog (VAT per rate).
    lines: withTaxClasses(lines as CartLine[], (categoryId, productId) =>
      queryClient.getQueryData(catalogQueries.product(lang, categoryId, productId).queryKey),
    ),
    deliveryFee: fee,
    discount,
    taxes,
    tip,
  });
  const shortfall = minimumOrderShortfall(area, subtotal);
  const clientInvalid = Object.keys(errors).length > 0;
  const invalid = clientInvalid || Object.keys(serverErrors).some((f) => !f.startsWith('items'));
  // A minimum order is not a field to fill in: when it is all that stops the order, say what is missing.
  const minimumField = account ? 'addressId' : 'areaId';
  const blocking = [...new Set([...Object.keys(errors), ...Object.keys(serverErrors).filter((f) => !f.startsWith('items'))])];
  const minimumOnly =
    blocking.length === 1 && blocking[0] === minimumField && (shortfall > 0 || serverErrors[minimumField] !== undefined)
      ? (serverErrors[minimumField] ?? errors[minimumField])
      : undefined;

  /** Marks every field touched and moves focus to the first one that needs attention. */
  const showMissing = async (): Promise<boolean> => {
    await formik.submitForm();
    const found: Errors = { ...(await formik.validateForm()), ...serverErrors };
    const first = FIELD_ORDER.find((f) => f in found);
    if (first) document.getElementById(`checkout-${first}`)?.focus();
    return Object.keys(found).length > 0;
  };

  const pay = async (provider: PaymentProviderInfo) => {
    if (await showMissing()) return;
    submittedAt.current = Date.now();
    setServerErrors({});
    const payload = toPayload(values, lines, { paymentType: provider.id, tip, tableCode: table?.code ?? null, account });
    await enqueueOrder(payload, { tableToken: table?.token ?? null, lineIds: lines.map((l) => l.id) });
  };

  const onPhoneBlur = (e: React.FocusEvent<HTMLInputElement>) => {
    formik.handleBlur(e);
    // Spec §5: the number is shown internationally, read in the restaurant's country by default.
    const parsed = parsePhoneNumberFromString(values.phone, 'DE');
    if (parsed?.isValid()) setField('phone', parsed.formatInternational());
  };

  const termsLink = pageIds.terms ? (
    <Link to="/checkout" search={{ page: pageIds.terms }}>
      {t`terms and conditions`}
    </Link>
  ) : (
    t`terms and conditions`
  );
  const privacyLink = pageIds.privacy ? (
    <Link to="/checkout" search={{ page: pageIds.privacy }}>
      {t`privacy policy`}
    </Link>
  ) : (
    t`privacy policy`
  );

  const nextOpen =
    hours?.meta.nextOpen && !openNow
      ? new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(
          new Date(hours.meta.nextOpen),
        )
      : null;

  return (
    <form className="checkout" noValidate onSubmit={(e) => e.preventDefault()}>
      <div className="checkout__main">
        <section className="card checkout__section">
          {table ? (
            <>
              <h2>
                <Trans>Order preferences</Trans>
              </h2>
              <p className="checkout__table">
                <Trans>
                  We bring your order to <strong>{table.name}</strong>.
                </Trans>
              </p>
            </>
          ) : (
            <>
              <h2>
                <Trans>How would you like your order?</Trans>
              </h2>
              <div className="field">
                <label htmlFor="checkout-deliverType">
                  <Trans>Deliver option</Trans>
                </label>
                <select {...fieldProps('deliverType')} required>
                  <option value="">{t`Please choose`}</option>
                  {allowedTypes.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.label}
                    </option>
                  ))}
                </select>
                <ErrorText field="deliverType" />
              </div>
            </>
          )}
        </section>

        {!table && !account ? (
          <section className="card checkout__section">
            <h2>
              <Trans>Your details</Trans>
            </h2>
            <div className="field">
              <label htmlFor="checkout-name">
                <Trans>Full Name</Trans>
              </label>
              <input {...fieldProps('name')} autoComplete="name" required maxLength={120} />
              <ErrorText field="name" />
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor="checkout-email">
                  <Trans>E-mail Address</Trans>
                </label>
                <input {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" required maxLength={254} />
                <ErrorText field="email" />
              </div>
              <div className="field">
                <label htmlFor="checkout-phone">
                  <Trans>Phone</Trans>
                </label>
                <input {...fieldProps('phone')} onBlur={onPhoneBlur} type="tel" autoComplete="tel" inputMode="tel" required placeholder="+49 40 123456" />
                <ErrorText field="phone" />
              </div>
            </div>
          </section>
        ) : null}

        {deliverType === 'delivery' && account ? (
          <section className="card checkout__section">
            <h2>
              <Trans>Delivery address</Trans>
            </h2>
            <SavedAddressPicker
              addresses={savedAddresses}
              value={values.addressId}
              onChange={(id) => setField('addressId', id)}
              error={errorOf('addressId')}
              errorId="checkout-addressId-error"
              inputId="checkout-addressId"
              freeFrom={area && shortfall === 0 && toCents(area.freeDeliveryThreshold) > 0 && totals.delivery > 0 ? money(toCents(area.freeDeliveryThreshold)) : null}
            />
          </section>
        ) : null}

        {deliverType === 'delivery' && !account ? (
          <section className="card checkout__section">
            <h2>
              <Trans>Delivery address</Trans>
            </h2>
            <div className="field">
              <label htmlFor="checkout-areaId">
                <Trans>Area</Trans>
              </label>
              <select {...fieldProps('areaId')} required>
                <option value="">{t`Please choose your area`}</option>
                {areas.map((a) => {
                  const minimum = money(toCents(a.minimumOrder));
                  const fee = money(toCents(a.deliveryPrice));
                  return (
                    <option key={a.id} value={a.id}>
                      {t`${a.zipcode} ${a.name} · minimum ${minimum} · delivery ${fee}`}
                    </option>
                  );
                })}
              </select>
              <ErrorText field="areaId" />
              {area && shortfall === 0 && toCents(area.freeDeliveryThreshold) > 0 && totals.delivery > 0 ? (
                <p className="hint">
                  {t`Free delivery from ${money(toCents(area.freeDeliveryThreshold))}.`}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="checkout-address">
                <Trans>Street and house number</Trans>
              </label>
              <input {...fieldProps('address')} autoComplete="street-address" required maxLength={300} />
              <ErrorText field="address" />
            </div>
            <div className="field">
              <label htmlFor="checkout-extras">
                <Trans>Floor, doorbell, directions (optional)</Trans>
              </label>
              <input {...fieldProps('extras')} maxLength={200} />
            </div>
          </section>
        ) : null}

        <section className="card checkout__section">
          <fieldset className="field">
            <legend>
              <Trans>Order Date</Trans>
            </legend>
            <label className="check">
              <input
                type="radio"
                name="deliverAt"
                id="checkout-deliverAt"
                value="now"
                checked={values.deliverAt === 'now'}
                disabled={!openNow}
                onChange={() => setField('deliverAt', 'now')}
              />
              <span>
                <Trans>Send Now</Trans>
              </span>
            </label>
            <label className="check">
              <input type="radio" name="deliverAt" value="later" checked={values.deliverAt === 'later'} onChange={() => setField('deliverAt', 'later')} />
              <span>
                <Trans>I will choose the delivery time</Trans>
              </span>
            </label>
            {!openNow ? (
              <p className="hint">
                {nextOpen ? t`We are closed right now. The earliest time is ${nextOpen}.` : t`We are closed right now.`}
              </p>
            ) : null}
            <ErrorText field="deliverAt" />
          </fieldset>
          {values.deliverAt === 'later' ? (
            <div className="field">
              <label htmlFor="checkout-deliverDate">
                <Trans>Delivery time</Trans>
              </label>
              <input {...fieldProps('deliverDate')} type="datetime-local" min={minLater} max={maxLater} required />
              <ErrorText field="deliverDate" />
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="checkout-notes">
              <Trans>Notes for the kitchen (optional)</Trans>
            </label>
            <textarea {...fieldProps('notes')} rows={3} maxLength={MAX_NOTES_LENGTH} />
            <ErrorText field="notes" />
          </div>
        </section>

        {tipEnabled ? (
          <section className="card checkout__section">
            <fieldset className="field">
              <legend>
                <Trans>Tip for the team</Trans>
              </legend>
              <div className="segmented" role="group">
                <button
                  type="button"
                  className="segmented__button"
                  aria-pressed={values.tipPercent === null && !values.tipAmount}
                  onClick={() => {
                    setField('tipPercent', null);
                    setField('tipAmount', '');
                  }}
                >
                  <Trans>No tip</Trans>
                </button>
                {tipPercents.map((p) => (
                  <button
                    key={p}
                    type="button"
                    className="segmented__button"
                    aria-pressed={values.tipPercent === p}
                    onClick={() => {
                      setField('tipPercent', p);
                      setField('tipAmount', '');
                    }}
                  >
                    {p} %<span className="price-tag">{money(tipFromPercent(subtotal, p))}</span>
                  </button>
                ))}
              </div>
              <div className="field field--inline">
                <label htmlFor="checkout-tipAmount">
                  <Trans>Other amount (€)</Trans>
                </label>
                <input
                  {...fieldProps('tipAmount')}
                  inputMode="decimal"
                  onChange={(e) => {
                    setField('tipPercent', null);
                    setField('tipAmount', e.target.value);
                  }}
                  onBlur={(e) => {
                    formik.handleBlur(e);
                    const cents = normaliseTip(Number(values.tipAmount.replace(',', '.')));
                    setField('tipAmount', cents > 0 ? (cents / 100).toFixed(2) : '');
                  }}
                />
              </div>
              <ErrorText field="tip" />
            </fieldset>
          </section>
        ) : null}
      </div>

      <aside className="checkout__summary">
        <section className="card checkout__section">
          <h2>
            <Trans>Your order</Trans>
          </h2>
          <ItemsTable
            rows={lines.map((line, i) => ({
              key: line.id,
              name: line.name,
              details: describeLine(line),
              qty: line.qty,
              price: linePrice(line),
              error: serverErrors[`items[${i}]`],
            }))}
          />
          {area && shortfall > 0 ? (
            <p className="minimum-hint" role="status">
              {t`Add ${money(shortfall)} to reach the minimum order for ${area.name}.`}
            </p>
          ) : null}
          {loyaltyOn && points > 0 ? (
            <div className="field">
              <label className="check" title={pointsLocked ? t`Cart total has to be greater or equal then your points' amount.` : undefined}>
                <input
                  type="checkbox"
                  id="checkout-useProfit"
                  checked={values.useProfit && !pointsLocked}
                  disabled={pointsLocked}
                  onChange={(e) => setField('useProfit', e.target.checked)}
                  aria-describedby={pointsLocked ? 'checkout-useProfit-hint' : undefined}
                />
                <span>{t`Use my points (${money(points)})`}</span>
              </label>
              {pointsLocked ? (
                <p className="field-hint" id="checkout-useProfit-hint">
                  {t`Cart total has to be greater or equal then your points' amount.`}
                </p>
              ) : values.useProfit && discount === 0 ? (
                <p className="field-hint">{t`Your points apply once the cart is at least 1 € above them.`}</p>
              ) : null}
              <ErrorText field="useProfit" />
            </div>
          ) : null}

          <TotalsBlock totals={totals} showDelivery={deliverType === 'delivery'} />

          {isOn(settings, 'ALLOW_ISSUE_INVOICE') ? (
            <label className="check">
              <input type="checkbox" checked={values.issueInvoice} onChange={(e) => setField('issueInvoice', e.target.checked)} />
              <span>
                <Trans>Issue Invoice</Trans>
              </span>
            </label>
          ) : null}
          <label className="check check--terms">
            <input
              type="checkbox"
              id="checkout-terms"
              name="terms"
              checked={values.terms}
              onChange={(e) => setField('terms', e.target.checked)}
              onBlur={formik.handleBlur}
              aria-invalid={errorOf('terms') ? true : undefined}
              aria-describedby={errorOf('terms') ? 'checkout-terms-error' : undefined}
              required
            />
            <span>
              <Trans>
                I accept the {termsLink} and the {privacyLink}.
              </Trans>
            </span>
          </label>
          <ErrorText field="terms" />

          {soldOut.length ? (
            <p className="sold-out-note" role="alert" data-testid="checkout-sold-out">
              {t`Sold out right now: ${soldOut.join(', ')}. Please remove it from your cart, or order for another day.`}
            </p>
          ) : null}
          <PaymentButtons
            providers={providers}
            deliverType={deliverType || null}
            total={totals.total}
            disabled={invalid}
            online={online}
            onPay={(p) => void pay(p)}
          />
          {minimumOnly ? (
            <p className="hint" id="checkout-invalid-hint">
              {minimumOnly}
            </p>
          ) : invalid ? (
            <p className="hint" id="checkout-invalid-hint">
              <Trans>Fill in the marked fields to place your order.</Trans>{' '}
              <button type="button" className="link-button" onClick={() => void showMissing()}>
                <Trans>Show what is missing</Trans>
              </button>
            </p>
          ) : null}
        </section>
      </aside>
    </form>
  );
}
