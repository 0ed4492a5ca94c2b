import { currentFilter, sharedAvoidList, ShareWithKitchen } from '../allergen-filter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ValidationError } from 'yup';
import type { CartLine } from '../../../shared/contract/cart';
import { checkoutSchema } from '../../../shared/contract/checkout';
import { MAX_NOTES_LENGTH, MAX_SCHEDULE_DAYS, MIN_SCHEDULE_LEAD_MINUTES } from '../../../shared/contract/order';
import { phoneCountryOf } from '../../../shared/contract/phone-country';
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
  fromCents,
  tipFromPercent,
  toCents,
} from '../../../shared/pricing';
import type { StoredTableSession } from '../../lib/db';
import { readCheckoutDraft, saveCheckoutDraft } from '../../lib/checkout-draft';
import { useMoney } from '../../ui/money';
import { myAddressesQuery, PlaceFinder, SavedAddressPicker } from '../addresses';
import { useMe } from '../account';
import { describeLine } from '../cart';
import { soldOutNames } from '../../../shared/availability';
import { useAvailability } from '../availability';
import { catalogQueries, useLang, useSettings } from '../catalog';
import { enqueueOrder, outbox } from '../outbox';
import { ItemsTable, TotalsBlock } from '../orders';
import { PhoneField } from '../phone';
import { useOnline } from '../pwa';
import { fieldMessages, VALIDATION_MESSAGES } from '../../lib/validation-messages';
import { CarField } from './CarField';
import { draftOwner, restoreDraft, toDraft } from './draft';
import { toPayload, type CheckoutFormValues } from './payload';
import { PlusIcon } from '../../ui/icons';
import { firstMissing, type MissingContext } from './missing';
import { OrderGlance } from './OrderGlance';
import { OrderTypeControl, type ChoosableType } from './OrderTypeControl';
import { PayBar } from './PayBar';
import { usePaymentLabels } from './payment-labels';
import { PaymentChoice } from './PaymentChoice';
import { PRICE_CHANGED, PriceChangedNotice } from './PriceChangedNotice';
import { rememberTermsAccepted, repriceCart, termsStandAfter } from './reprice';
import { withTaxClasses } from './tax-classes';
import { intlLocale } from '../../../shared/i18n/locales';


type Errors = Partial<Record<string, string>>;

/** A refused line is shown on the line, a changed total beside the button: neither is a field to fill in. */
const isFieldToFill = (field: string) => !field.startsWith('items') && field !== PRICE_CHANGED;

interface Props {
  lines: readonly CartLine[];
  table: StoredTableSession | null;
}

/** The element a field's message leads to: the chosen (or first usable) radio of a group, the input, or what sits beside its error. */
function fieldElement(field: string): HTMLElement | null {
  const radios = [...document.querySelectorAll<HTMLInputElement>(`.checkout input[type="radio"][name="${CSS.escape(field)}"]`)].filter((r) => !r.disabled);
  const own = radios.find((r) => r.checked) ?? radios[0] ?? document.getElementById(`checkout-${field}`);
  if (own) return own;
  const error = document.getElementById(`checkout-${field}-error`);
  return error?.closest('fieldset, .field')?.querySelector<HTMLElement>('input, select, textarea, a[href], button') ?? null;
}

function focusField(field: string): void {
  const target = fieldElement(field) ?? document.querySelector<HTMLElement>('.checkout [aria-invalid="true"]');
  if (!target) return;
  target.focus({ preventScroll: true });
  // Centred, so neither the sticky header nor the pay bar covers it.
  target.scrollIntoView({ block: 'center' });
}

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
  // Spec §2: in the new address system a guest marks the place (search or current location) and the server finds the area (decision 020).
  const pinned = !account && !table && isOn(settings, 'USES_NEW_ADDRESS_SYSTEM');
  const points = loyaltyOn && user ? toCents(user.profit) : 0;
  const timeZone = timeZoneOf(settings);
  const openNow = hours ? hours.meta.isOpenNow : true;

  const allowedTypes = useMemo(() => {
    const types: ChoosableType[] = [];
    if (isOn(settings, 'ALLOW_DELIVERY')) types.push('delivery');
    if (isOn(settings, 'ALLOW_TAKEAWAY')) types.push('takeaway');
    if (isOn(settings, 'ALLOW_CURBSIDE')) types.push('curbside');
    return types;
  }, [settings]);
  const paymentLabels = usePaymentLabels();

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
    // Decision 022: the cart was priced from an older catalog; it takes the current one, and the form stays as it is.
    if (next[PRICE_CHANGED]) void repriceCart(queryClient, lang);
  }, [rejection, queryClient, lang]);

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
    account
      ? (savedOf(values)?.area ?? null)
      : pinned
        ? (values.place?.area ?? null)
        : (areas.find((a) => String(a.id) === values.areaId) ?? null);
  /** The field that carries the area's minimum order. */
  const minimumField = account ? 'addressId' : pinned ? 'place' : 'areaId';

  // A refusal, a declined card or a reload brings the diner back to what they typed (decision 006).
  const owner = draftOwner(table ? null : (user?.id ?? null), table?.code ?? null);
  const [draft] = useState(() => readCheckoutDraft(owner));
  const [initialValues] = useState<CheckoutFormValues>(() =>
    restoreDraft(
      {
        deliverType: table ? 'table' : allowedTypes.length === 1 && allowedTypes[0] ? allowedTypes[0] : '',
        name: '',
        email: '',
        phone: '',
        areaId: '',
        addressId: '',
        address: '',
        extras: '',
        place: null,
        car: '',
        deliverAt: openNow ? 'now' : 'later',
        deliverDate: '',
        notes: '',
        tipPercent: null,
        tipAmount: '',
        paymentType: '',
        issueInvoice: false,
        terms: false,
        useProfit: false,
      },
      draft,
      { deliverTypes: table ? ['table'] : allowedTypes, openNow },
    ),
  );

  const formik = useFormik<CheckoutFormValues>({
    initialValues,
    validateOnMount: true,
    validate: async (values) => {
      const errors: Errors = {};
      if (!values.deliverType) errors.deliverType = t(VALIDATION_MESSAGES['validation.required']!);
      try {
        await checkoutSchema.validate(toPayload(values, lines, { paymentType: 'cash', tip: tipOf(values), tableCode: table?.code ?? null, account, pinned }), {
          abortEarly: false,
          context: { guest: !table && !account, account, newAddress: pinned },
        });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        Object.assign(errors, { ...fieldMessages(error, t), ...errors });
      }
      if (values.deliverAt === 'now' && !openNow) errors.deliverAt = t`We are closed right now. Please choose a time.`;
      if (pinned && values.deliverType === 'delivery' && !values.place) errors.place = t`Search for your address or use your current location.`;
      const area = values.deliverType === 'delivery' ? areaOf(values) : null;
      const shortfall = minimumOrderShortfall(area, subtotal);
      if (area && shortfall > 0) {
        const missing = money(shortfall);
        const minimum = money(toCents(area.minimumOrder));
        errors[minimumField] = t`Add ${missing} to reach the minimum order of ${minimum} for ${area.name}.`;
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
  }, [subtotal, lines.length, areas.length, savedAddresses.length, user, openNow, pinned, validateForm]);

  // Refused for the price alone: the terms accepted for this very order stand (the form remounted while it was sent).
  const { setFieldValue: setValue } = formik;
  useEffect(() => {
    if (rejection && termsStandAfter(rejection, PRICE_CHANGED)) void setValue('terms', true);
  }, [rejection, setValue]);

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
  // The first way to pay that works now, unless the diner chose another.
  const chosen =
    providers.find((p) => p.id === values.paymentType) ?? providers.find((p) => online || p.displayOption === 'direct') ?? providers[0] ?? null;
  const paymentProblem: MissingContext['payment'] = chosen === null ? (online ? null : 'unknown') : chosen.displayOption !== 'direct' && !online ? 'offline' : null;
  // A line the server refused is shown on the line itself; it is no field to fill in.
  const blocking = [...new Set([...Object.keys(errors), ...Object.keys(serverErrors).filter(isFieldToFill)])];
  if (chosen === null || paymentProblem) blocking.push('paymentType');
  const missingContext: MissingContext = { minimumField, shortfall: area && shortfall > 0 ? money(shortfall) : null, payment: paymentProblem };
  const missing = firstMissing(blocking, values, missingContext);

  // A field that appears on a tap (a note, a later time) takes the focus once it is on the page.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    focusField(focusNext);
    setFocusNext(null);
  }, [focusNext]);

  const [scheduling, setScheduling] = useState(false);
  const scheduleShown = scheduling || values.deliverAt === 'later' || !openNow || errorOf('deliverAt') !== undefined;
  const [noting, setNoting] = useState(false);
  const notesShown = noting || values.notes !== '' || errorOf('notes') !== undefined;

  /** Marks every field touched and moves focus to the first one that needs attention; true when something does. */
  const showMissing = async (): Promise<boolean> => {
    await formik.submitForm();
    const found = Object.keys({ ...(await formik.validateForm()), ...serverErrors }).filter(isFieldToFill);
    if (chosen === null || paymentProblem) found.push('paymentType');
    const first = firstMissing(found, values, missingContext);
    if (first) focusField(first.field);
    return first !== null;
  };

  const pay = async () => {
    if (!chosen || (await showMissing())) return;
    submittedAt.current = Date.now();
    rememberTermsAccepted(submittedAt.current);
    setServerErrors({});
    // The total on the button goes with the order: the server refuses it rather than charge another (decision 022).
    const avoids = sharedAvoidList(currentFilter());
    const payload = { ...toPayload(values, lines, { paymentType: chosen.id, tip, tableCode: table?.code ?? null, account, pinned, avoids }), shownTotal: fromCents(totals.total) };
    await enqueueOrder(payload, { tableToken: table?.token ?? null, lineIds: lines.map((l) => l.id) });
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
      ? new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(
          new Date(hours.meta.nextOpen),
        )
      : null;

  const itemRows = lines.map((line, i) => ({
    key: line.id,
    name: line.name,
    details: describeLine(line),
    qty: line.qty,
    price: linePrice(line),
    error: serverErrors[`items[${i}]`],
  }));
  // The same field in both address systems: the rider's directions beside the address.
  const extrasField = (
    <div className="field">
      <label htmlFor="checkout-extras">
        <Trans>Floor, doorbell, directions (optional)</Trans>
      </label>
      <input {...fieldProps('extras')} maxLength={200} />
    </div>
  );
  const freeFrom = area && shortfall === 0 && toCents(area.freeDeliveryThreshold) > 0 && totals.delivery > 0 ? money(toCents(area.freeDeliveryThreshold)) : null;

  return (
    <form className="checkout" noValidate onSubmit={(e) => e.preventDefault()}>
      <OrderGlance rows={itemRows} total={money(totals.total)} />

      <div className="checkout__main">
        {table ? (
          <section className="card checkout__section">
            <h2>
              <Trans>Order preferences</Trans>
            </h2>
            <p className="checkout__table">
              <Trans>
                We bring your order to <strong>{table.name}</strong>.
              </Trans>
            </p>
            <div className="field">
              <label htmlFor="checkout-name">
                <Trans>Your name (optional)</Trans>
              </label>
              <input
                {...fieldProps('name')}
                autoComplete="given-name"
                maxLength={80}
                aria-describedby={errorOf('name') ? 'checkout-name-error checkout-name-hint' : 'checkout-name-hint'}
              />
              <p id="checkout-name-hint" className="field-hint">
                <Trans>Shown on the table's tab, so everyone sees whose order it is.</Trans>
              </p>
              <ErrorText field="name" />
            </div>
          </section>
        ) : (
          <section className="card checkout__section">
            <OrderTypeControl
              types={allowedTypes}
              value={values.deliverType}
              onChange={(type) => setField('deliverType', type)}
              onBlur={formik.handleBlur}
              error={errorOf('deliverType')}
            />
          </section>
        )}

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
              {/* Spec §5: written internationally, read in the restaurant's country by default; cleared with a note when it cannot be a number. */}
              <PhoneField
                input={{ ...fieldProps('phone'), required: true, maxLength: 32 }}
                setValue={(v) => setField('phone', v)}
                label={<Trans>Phone</Trans>}
                country={phoneCountryOf(settings, navigator.language)}
              >
                <ErrorText field="phone" />
              </PhoneField>
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
              freeFrom={freeFrom}
            />
          </section>
        ) : null}

        {deliverType === 'delivery' && pinned ? (
          <section className="card checkout__section address-finder__search" aria-labelledby="checkout-place-title">
            <h2 id="checkout-place-title">
              <Trans>Delivery address</Trans>
            </h2>
            <p id="checkout-place-hint" className="muted">
              <Trans>Search for your address or use your current location. We check that we deliver there.</Trans>
            </p>
            <PlaceFinder
              lookups="/addresses"
              initial={values.place}
              onChange={(result) => {
                setField('place', result);
                // The place names the street and house number; the diner may add to it below.
                if (result) setField('address', result.place.address);
              }}
              describedBy="checkout-place-hint"
              inputId="checkout-place"
              error={errorOf('place')}
              errorId="checkout-place-error"
            />
            {values.place ? (
              <>
                <div className="field">
                  <label htmlFor="checkout-address">
                    <Trans>Detailed address</Trans>
                  </label>
                  <input {...fieldProps('address')} autoComplete="street-address" required maxLength={300} />
                  <ErrorText field="address" />
                </div>
                {extrasField}
              </>
            ) : (
              <ErrorText field="address" />
            )}
          </section>
        ) : null}

        {deliverType === 'delivery' && !account && !pinned ? (
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
              {freeFrom ? <p className="hint">{t`Free delivery from ${freeFrom}.`}</p> : null}
            </div>
            <div className="field">
              <label htmlFor="checkout-address">
                <Trans>Street and house number</Trans>
              </label>
              <input {...fieldProps('address')} autoComplete="street-address" required maxLength={300} />
              <ErrorText field="address" />
            </div>
            {extrasField}
          </section>
        ) : null}

        {deliverType === 'curbside' ? <CarField {...fieldProps('car')} error={errorOf('car')} /> : null}

        <section className="card checkout__section checkout__when">
          {scheduleShown ? (
            <>
              <fieldset className="field">
                <legend>
                  <Trans>Order Date</Trans>
                </legend>
                <div className="segmented checkout__when-choice">
                  <label className="segmented__option">
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
                  <label className="segmented__option">
                    <input type="radio" name="deliverAt" value="later" checked={values.deliverAt === 'later'} onChange={() => setField('deliverAt', 'later')} />
                    <span>
                      <Trans>I will choose the delivery time</Trans>
                    </span>
                  </label>
                </div>
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
            </>
          ) : (
            <div className="checkout__when-now">
              <p>
                <Trans>
                  <strong>When:</strong> as soon as possible
                </Trans>
              </p>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  setScheduling(true);
                  setField('deliverAt', 'later');
                  setFocusNext('deliverDate');
                }}
              >
                <Trans>Schedule for later</Trans>
              </button>
            </div>
          )}
          {notesShown ? (
            <div className="field">
              <label htmlFor="checkout-notes">
                <Trans>Notes for the kitchen (optional)</Trans>
              </label>
              <textarea {...fieldProps('notes')} rows={3} maxLength={MAX_NOTES_LENGTH} />
              <ErrorText field="notes" />
            </div>
          ) : (
            <button
              type="button"
              className="link-button checkout__add"
              onClick={() => {
                setNoting(true);
                setFocusNext('notes');
              }}
            >
              <PlusIcon width={18} height={18} strokeWidth={2.2} />
              <Trans>Add a note for the kitchen</Trans>
            </button>
          )}
          <ShareWithKitchen />
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

        <PaymentChoice
          providers={providers}
          chosen={chosen}
          deliverType={deliverType || null}
          online={online}
          onChange={(id) => setField('paymentType', id)}
        />
      </div>

      <div className="checkout__aside">
        <section className="card checkout__section checkout__summary">
          <div className="checkout__lines">
            <h2>
              <Trans>Your order</Trans>
            </h2>
            <ItemsTable rows={itemRows} />
          </div>
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
        </section>

        <PayBar
          payLabel={chosen ? paymentLabels.pay(chosen, deliverType || null, totals.total) : null}
          card={chosen !== null && chosen.displayOption !== 'direct'}
          missing={missing ? t(missing.message) : null}
          amount={money(totals.total)}
          onPay={() => void pay()}
          onShowMissing={() => void showMissing()}
        >
          <PriceChangedNotice message={serverErrors[PRICE_CHANGED]} />
          {soldOut.length ? (
            <p className="sold-out-note" role="alert" data-testid="checkout-sold-out">
              {t`Sold out right now: ${soldOut.join(', ')}. Please remove it from your cart, or order for another day.`}
            </p>
          ) : null}
        </PayBar>
      </div>
    </form>
  );
}
