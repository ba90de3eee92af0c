import { daysLeft } from './dates';

export type Due = { state: 'overdue' | 'due_soon'; daysLeft: number } | null;

/**
 * Overdue when the date's day is past; due soon from 0 to `soonDays` days left, 0 reading
 * 'Due today'. Days are read in the user's time zone.
 */
export function dueState(date: string | null, soonDays: number, now: Date, timeZone: string): Due {
  if (!date) return null;
  const days = daysLeft(date, now, timeZone);
  if (days < 0) return { state: 'overdue', daysLeft: days };
  if (days <= soonDays) return { state: 'due_soon', daysLeft: days };
  return null;
}
