import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { addressSchema, type AddressCheckResult, type AddressOut, type AddressValues } from '../../../shared/contract/account';
import { post } from '../../lib/api';
import { useSchemaForm } from '../../ui/form-kit';
import { pushToast } from '../../ui/toasts';
import { AddressFields, submitHandler, type AddressDetails } from './AddressFields';
import { PlaceFinder } from './PlaceFinder';
import { refreshAddresses } from './queries';

const EMPTY_DETAILS: AddressDetails = { name: '', address: '', extras: '', isDefault: false };

/**
 * New address system, create (spec §2, §4): mark a place by search or current location, let the
 * server check the delivery range, and only then show the form. A failing check hides the form.
 */
export function NewAddressCreate({ onSaved }: { onSaved: () => void | Promise<void> }) {
  const [found, setFound] = useState<AddressCheckResult | null>(null);
  /** What the diner already typed survives choosing another place. */
  const draft = useRef<AddressDetails>(EMPTY_DETAILS);
  const instructionsId = useId();

  return (
    <div className="address-finder">
      <section className="card address-finder__search" aria-labelledby={`${instructionsId}-title`}>
        <h2 id={`${instructionsId}-title`} className="address-finder__title">
          <Trans>Where should we deliver?</Trans>
        </h2>
        <p id={instructionsId} className="muted">
          <Trans>Search for your address or use your current location. We check that we deliver there before you save it.</Trans>
        </p>
        <PlaceFinder lookups="/me/addresses" onChange={setFound} describedBy={instructionsId} />
      </section>
      {found ? <NewAddressForm key={found.place.placeId} result={found} draft={draft} onSaved={onSaved} /> : null}
    </div>
  );
}

function NewAddressForm({
  result,
  draft,
  onSaved,
}: {
  result: AddressCheckResult;
  draft: React.RefObject<AddressDetails>;
  onSaved: () => void | Promise<void>;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [initial] = useState<AddressDetails>(() => ({ ...draft.current, address: result.place.address }));
  const form = useSchemaForm<AddressDetails>({
    id: 'new-address',
    schema: addressSchema,
    initialValues: initial,
    onSubmit: async (values) => {
      const payload: AddressValues = {
        ...values,
        areaId: result.area.id,
        zipcode: result.place.zipcode,
        coordinates: result.place.coordinates,
        buildingCode: '',
      };
      await post<AddressOut>('/me/addresses', payload);
      draft.current = EMPTY_DETAILS;
      refreshAddresses(queryClient);
      pushToast({ tone: 'success', title: t`Success`, body: t`Your address has been saved` });
      await onSaved();
    },
  });
  const { values } = form.formik;
  useEffect(() => {
    // The address belongs to the place; the rest is the diner's and is kept for another place.
    draft.current = { name: values.name, extras: values.extras, isDefault: values.isDefault, address: '' };
  }, [draft, values.name, values.extras, values.isDefault]);

  return (
    <form onSubmit={(e) => void submitHandler(form)(e)} noValidate className="card address-form" aria-labelledby={`${form.id}-title`}>
      <h2 id={`${form.id}-title`} className="address-form__title">
        <Trans>Address details</Trans>
      </h2>
      <AddressFields form={form} />
    </form>
  );
}
