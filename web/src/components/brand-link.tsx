import { Link } from '../lib/navigation';

/** The Tempo wordmark, linking home. */
export function BrandLink({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className={inverted ? 'brand brand--inverted' : 'brand'}>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.14" />
        <path d="M9 19c2.2-6 4.3-9 6.2-9 2.6 0 2.2 12 5.1 12 1.5 0 2.7-2 3.7-5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span className="brand__name">Tempo</span>
    </Link>
  );
}
