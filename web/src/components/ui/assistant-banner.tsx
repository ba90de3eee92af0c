import type { Entity } from '../../../../shared/item-kinds';
import { useAssistantBanner } from '../../lib/assistant-activity';
import { Spinner } from './spinner';

/**
 * 'AI assistant is updating tasks...' while the assistant works on `entities`. The live region stays
 * in the page so that screen readers hear the banner when it appears.
 */
export function AssistantBanner({ entities }: { entities: readonly Entity[] }) {
  const text = useAssistantBanner(entities);
  return (
    <div role="status">
      {text && (
        <p className="assistant-banner">
          <Spinner />
          {text}
        </p>
      )}
    </div>
  );
}
