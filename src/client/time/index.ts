// The client's side of the one time module (src/shared/time): its clock, and how it shows times on the tenant's clock.
// The tenant's zone itself is in the store (`selectTimeZone`, `useTimeZone` in session/).
export * from './clock';
export * from './display';
