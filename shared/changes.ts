import { ITEM_KINDS } from './item-kinds';

/** What a change counter counts: each kind of item, the settings and the assistant's tool calls. */
export const STAMPED = [...ITEM_KINDS, 'settings', 'toolcalls'] as const;
export type Stamped = (typeof STAMPED)[number];
