export { accessKeyFor, deviceOrders, loadDeviceOrders, rememberOrder, storedAccessKey, useDeviceOrders } from './device-orders';
export { ItemsTable, type ItemRow } from './ItemsTable';
export { OrderDetail } from './OrderDetail';
export { restaurantContact, type RestaurantContact } from './OrderPlace';
export { OrderSummary } from './OrderSummary';
export { StatusBadge } from './StatusBadge';
export { TotalsBlock, type TotalsView } from './TotalsBlock';
export { loadOrderMessages } from './load-messages';
