import { ITEM_KINDS } from './item-kinds';

/** What a change counter counts: each kind of item, the settings, the assistant's tool calls and the reminders on screen. */
export const STAMPED = [...ITEM_KINDS, 'settings', 'toolcalls', 'reminders'] as const;
export type Stamped = (typeof STAMPED)[number];
