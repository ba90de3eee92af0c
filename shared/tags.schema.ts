import { z } from 'zod';
import { API_LIMITS } from './constants';
import { chosenId, serverFields } from './item-fields.schema';
import { MESSAGES } from './messages';
import { DEFAULT_TAG_COLOR, tagColor } from './tags';
import { requiredText } from './text.schema';

const tagColorField = z.string().max(32).nullable().transform(tagColor);

const tagCreateFields = {
  name: requiredText(MESSAGES.tagNameRequired, API_LIMITS.tagNameMax, MESSAGES.tagNameControlCharacters),
  color: tagColorField.default(DEFAULT_TAG_COLOR),
};
export const TagCreateSchema = z.strictObject({ ...chosenId, ...tagCreateFields });
export const TagCreateFieldsSchema = z.strictObject(tagCreateFields);
export const TagUpdateSchema = z
  .strictObject({
    name: requiredText(MESSAGES.tagNameRequired, API_LIMITS.tagNameMax, MESSAGES.tagNameControlCharacters),
    color: tagColorField,
  })
  .partial();
export const TagSchema = z.object({
  ...serverFields,
  name: z.string(),
  color: z.string(),
});

export type Tag = z.infer<typeof TagSchema>;
