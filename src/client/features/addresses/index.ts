export { myAddressesQuery } from './queries';
export { SavedAddressPicker } from './SavedAddressPicker';
