import { z } from 'zod';
import { API_LIMITS } from './constants';
import { isoDateTime } from './dates.schema';
import { itemId } from './item-fields.schema';
import { MESSAGES } from './messages';
import { DEFAULT_TAG_COLOR, tagColor } from './tags';
import { requiredText } from './text.schema';

const tagColorField = z.string().max(32).nullable().transform(tagColor);

export const TagCreateSchema = z.strictObject({
  name: requiredText(MESSAGES.tagNameRequired, API_LIMITS.tagNameMax, MESSAGES.tagNameControlCharacters),
  color: tagColorField.default(DEFAULT_TAG_COLOR),
});
export const TagUpdateSchema = z
  .strictObject({
    name: requiredText(MESSAGES.tagNameRequired, API_LIMITS.tagNameMax, MESSAGES.tagNameControlCharacters),
    color: tagColorField,
  })
  .partial();
export const TagSchema = z.object({
  id: itemId,
  user_id: z.string(),
  name: z.string(),
  color: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});

export type Tag = z.infer<typeof TagSchema>;
