import { Spinner } from '../components/ui/spinner';
import { loadedCatalogue } from '../i18n/catalogues';
import { useLanguage } from '../i18n/language';

/** Shown while a page's code or the language's texts download; it cannot wait for them itself. */
export function PageLoading() {
  const label = loadedCatalogue(useLanguage(), 'public')?.common.loading ?? '…';
  return (
    <div className="page-status" role="status">
      <Spinner large />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
