import type { ItemKind } from '../../../shared/item-kinds';

/** The API paths of the signed-in app's reads; each is also its answer's SWR cache key (lib/items.ts). */
export const listCacheKey = (kind: ItemKind) => `/api/${kind}`;
export const SETTINGS_KEY = '/api/settings';
export const TRASH_KEY = '/api/trash';
