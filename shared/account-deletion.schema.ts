import { z } from 'zod';
import { ACCOUNT_DELETION_MESSAGES } from './account-deletion';

/** DELETE /api/account: the account's email address, typed as the confirmation (shared/account-deletion.ts). */
export const AccountDeletionSchema = z.strictObject({
  confirmation: z.string({ error: ACCOUNT_DELETION_MESSAGES.confirmationMismatch }).max(320, ACCOUNT_DELETION_MESSAGES.confirmationMismatch),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;
