/** Français: Settings' sections read by few (access tokens, webhooks, your data), one download as Settings first shows them. */
import type { SettingsSectionsTexts } from '../catalogue-types';
import accountDeletion from './account-deletion';
import dataExport from './data-export';
import dataImport from './data-import';
import openPlatform from './open-platform';

export default { openPlatform, dataExport, dataImport, accountDeletion } satisfies SettingsSectionsTexts;
