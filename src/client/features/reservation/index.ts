export { useReservationDialog } from './open';
