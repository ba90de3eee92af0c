import type { Locale } from 'date-fns';
import type enAccountDeletion from './en/account-deletion';
import type enApp from './en/app';
import type enDataExport from './en/data-export';
import type enDataImport from './en/data-import';
import type enOpenPlatform from './en/open-platform';
import type enPrivacy from './en/privacy';
import type enPublic from './en/public';

/** A catalogue's shape with its English texts widened to any text, so other languages can fill it. */
type Widen<T> = T extends string
  ? string
  : T extends Locale
    ? Locale
    : T extends (...args: infer A) => string
      ? (...args: A) => string
      : T extends readonly unknown[]
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : { readonly [K in keyof T]: Widen<T[K]> };

export type PublicTexts = Widen<typeof enPublic>;
export type AppTexts = Widen<typeof enApp>;
export type PrivacyTexts = Widen<typeof enPrivacy>;
export type OpenPlatformTexts = Widen<typeof enOpenPlatform>;
export type DataExportTexts = Widen<typeof enDataExport>;
export type DataImportTexts = Widen<typeof enDataImport>;
export type AccountDeletionTexts = Widen<typeof enAccountDeletion>;
/** Settings' sections read by few, one catalogue part (web/src/i18n/<language>/settings-sections.ts). */
export interface SettingsSectionsTexts {
  openPlatform: OpenPlatformTexts;
  dataExport: DataExportTexts;
  dataImport: DataImportTexts;
  accountDeletion: AccountDeletionTexts;
}
