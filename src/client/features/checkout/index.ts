export { CheckoutForm } from './CheckoutForm';
export { paymentProvidersQuery } from './queries';
