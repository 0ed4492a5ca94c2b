export { LiveMenu } from './LiveMenu';
export { PauseBanner } from './PauseBanner';
export { availabilityQuery, useAvailability } from './queries';
