export { AddedNotice } from './AddedNotice';
export { CartBar } from './CartBar';
export { CheckoutButton } from './CheckoutButton';
export { DroppedCartNotice } from './DroppedCartNotice';
export { CartPanel } from './CartPanel';
export { flushCart } from './flush';
export { persistCart, restoreCart } from './persistence';
export { addLine, cart, clearCart, itemCount, openCartPanel, removeLines } from './store';
export { describeLine } from './describe';
