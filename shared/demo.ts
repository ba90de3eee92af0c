/** The demo account the local stack seeds and the hidden /demo login page fills in. */
export const DEMO_ACCOUNT = {
  email: 'demo@tempo.local',
  password: 'Demo-pass-2026!',
  fullName: 'Demo User',
} as const;
