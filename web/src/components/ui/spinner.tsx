import { classNames } from './class-names';

/** A decorative spinner; the text beside it says what is happening. */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={classNames('spinner', large && 'spinner--large')} aria-hidden="true" />;
}
