import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { addressSchema, type AddressOut, type AddressValues } from '../../../shared/contract/account';
import { V } from '../../../shared/contract/validation';
import { toCents } from '../../../shared/pricing';
import { post, put } from '../../lib/api';
import { FieldError, useSchemaForm } from '../../ui/form-kit';
import { useMoney } from '../../ui/money';
import { pushToast } from '../../ui/toasts';
import { catalogQueries } from '../catalog';
import { AddressFields, submitHandler, type AddressDetails } from './AddressFields';
import { AreaFacts } from './AreaFacts';
import { refreshAddresses } from './queries';

interface OldSystemValues extends AddressDetails {
  /** The <select>'s value: '' until an area is chosen. */
  areaId: string;
}

/** Spec §5: in the old system the customer picks the area, so it is required here. */
const oldSystemSchema = addressSchema.shape({
  areaId: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? null : value))
    .typeError(V.number)
    .nullable()
    .required(V.required),
});

/**
 * Old address system (spec §2): name, area select, detailed address, extras and the default box.
 * Without `address` it creates; with it, it updates that address.
 */
export function AddressForm({ address, onSaved }: { address?: AddressOut; onSaved: () => void | Promise<void> }) {
  const { t } = useLingui();
  const money = useMoney();
  const queryClient = useQueryClient();
  const areas = useQuery(catalogQueries.areas());
  const form = useSchemaForm<OldSystemValues>({
    id: 'address',
    schema: oldSystemSchema,
    initialValues: {
      name: address?.name ?? '',
      areaId: address ? String(address.areaId) : '',
      address: address?.address ?? '',
      extras: address?.extras ?? '',
      isDefault: address?.isDefault ?? false,
    },
    onSubmit: async (values) => {
      const areaId = Number(values.areaId);
      // A location found earlier only stays true while the area and the address text stay as they were.
      const samePlace = address !== undefined && address.areaId === areaId && address.address === values.address.trim();
      const payload: AddressValues = {
        name: values.name,
        areaId,
        address: values.address,
        extras: values.extras,
        isDefault: values.isDefault,
        zipcode: samePlace ? address.zipcode : '',
        coordinates: samePlace ? address.coordinates : null,
        buildingCode: address?.buildingCode ?? '',
      };
      if (address) await put<AddressOut>(`/me/addresses/${address.id}`, payload);
      else await post<AddressOut>('/me/addresses', payload);
      refreshAddresses(queryClient);
      pushToast({ tone: 'success', title: t`Success`, body: t`Your address has been saved` });
      await onSaved();
    },
  });

  const list = areas.data ?? [];
  const selected = list.find((a) => String(a.id) === form.formik.values.areaId) ?? null;
  const areaProps = form.inputProps('areaId');

  const areaField = (
    <div className="field">
      <label htmlFor={areaProps.id}>
        <Trans>Area</Trans>
      </label>
      <select {...areaProps} required aria-busy={areas.isPending || undefined}>
        <option value="">{t`Please choose your area`}</option>
        {list.map((a) => {
          const name = a.name;
          const minimum = money(toCents(a.minimumOrder));
          const fee = money(toCents(a.deliveryPrice));
          return (
            <option key={a.id} value={a.id}>
              {t`${name} – min. ${minimum}, delivery ${fee}`}
            </option>
          );
        })}
      </select>
      <FieldError form={form} name="areaId" />
      {areas.isError && !areas.data ? (
        <p className="field-error" role="alert">
          <Trans>The delivery areas could not be loaded. Please check your connection and try again.</Trans>
        </p>
      ) : null}
      <div aria-live="polite" className="address-form__area">
        {selected ? <AreaFacts area={selected} showName={false} /> : null}
      </div>
    </div>
  );

  return (
    <form onSubmit={(e) => void submitHandler(form)(e)} noValidate className="card address-form">
      <AddressFields form={form} area={areaField} />
    </form>
  );
}
