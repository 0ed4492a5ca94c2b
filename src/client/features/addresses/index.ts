export { AddressForm } from './AddressForm';
export { AddressList } from './AddressList';
export { AreaFacts } from './AreaFacts';
export { NewAddressCreate } from './NewAddressCreate';
export { PageTitle } from './PageTitle';
export { PlaceCombobox } from './PlaceCombobox';
export { PlaceFinder } from './PlaceFinder';
export { addressListPath, useAfterSave } from './navigation';
export {
  ADDRESSES_KEY,
  addressQueries,
  addressSystem,
  myAddressesQuery,
  parseCreateSearch,
  type AddressCreateSearch,
  type AddressLookups,
  type AddressSystem,
} from './queries';
export { SavedAddressPicker } from './SavedAddressPicker';
