import { Spinner } from '../components/ui/spinner';

/** Shown while the first page's code downloads. */
export function PageLoading() {
  return (
    <div className="page-status" role="status">
      <Spinner large />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
