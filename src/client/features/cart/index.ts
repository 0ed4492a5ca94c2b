export { AddedNotice } from './AddedNotice';
export { CheckoutButton } from './CheckoutButton';
export { DroppedCartNotice } from './DroppedCartNotice';
export { SideCart } from './SideCart';
export { persistCart, restoreCart } from './persistence';
export { addLine, cart, clearCart, itemCount, openCartPanel, removeLines } from './store';
export { describeLine } from './describe';
