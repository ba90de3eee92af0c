export const START_MINUTES = [0, 15, 30, 45] as const;

/** The fixed list of time zones the settings offer. */
export const TIME_ZONES = [
  { id: 'UTC', label: 'UTC' },
  { id: 'America/New_York', label: 'New York' },
  { id: 'America/Chicago', label: 'Chicago' },
  { id: 'America/Denver', label: 'Denver' },
  { id: 'America/Los_Angeles', label: 'Los Angeles' },
  { id: 'Europe/London', label: 'London' },
  { id: 'Europe/Paris', label: 'Paris' },
  { id: 'Europe/Berlin', label: 'Berlin' },
  { id: 'Asia/Tokyo', label: 'Tokyo' },
  { id: 'Asia/Shanghai', label: 'Shanghai' },
  { id: 'Asia/Kolkata', label: 'Mumbai/Kolkata' },
  { id: 'Australia/Sydney', label: 'Sydney' },
] as const;

export const SYNC_PAST_DAYS = { min: 0, max: 60, atSignUp: 30, fromSettings: 7 } as const;
export const SYNC_FUTURE_MONTHS = { min: 1, max: 12, default: 2 } as const;
