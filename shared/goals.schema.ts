import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { GOAL_STATUSES, GOAL_TYPES } from './goals';
import { chosenId, serverFields, trashFields } from './item-fields.schema';
import { MESSAGES } from './messages';
import { optionalText, requiredText, tagNames } from './text.schema';

const goalFields = {
  title: requiredText(MESSAGES.goalTitleRequired),
  description: optionalText(),
  type: z.enum(GOAL_TYPES),
  status: z.enum(GOAL_STATUSES),
  target_date: isoDateTime.nullable(),
  tags: tagNames,
};

const goalCreateFields = {
  ...goalFields,
  description: goalFields.description.default(''),
  type: goalFields.type.default('short_term'),
  status: goalFields.status.default('active'),
  target_date: goalFields.target_date.default(null),
  tags: goalFields.tags.default([]),
};
export const GoalCreateSchema = z.strictObject({ ...chosenId, ...goalCreateFields });
export const GoalCreateFieldsSchema = z.strictObject(goalCreateFields);
export const GoalUpdateSchema = z.strictObject(goalFields).partial();
export const GoalSchema = z.object({ ...serverFields, ...goalFields, ...trashFields });

export type Goal = z.infer<typeof GoalSchema>;
