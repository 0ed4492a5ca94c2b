export { CheckoutForm } from './CheckoutForm';

