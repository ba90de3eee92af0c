/** The days of the week as RFC 5545 names them, Monday first: repeat rules and working hours both speak them. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
