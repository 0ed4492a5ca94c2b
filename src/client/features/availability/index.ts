export { LiveMenu } from './LiveMenu';
export { PauseBanner } from './PauseBanner';
export { availabilityQuery, soldOutNow, useAvailability } from './queries';
