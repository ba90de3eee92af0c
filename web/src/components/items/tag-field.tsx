import { TAG_PALETTE } from '../../../../shared/tags';
import { ApiError, localizedError, localizedFieldError } from '../../lib/api';
import { createItem, useItems } from '../../lib/items';
import { TagInput } from '../ui/tag-input';
import { useToast } from '../ui/toast';
import { useAppTexts } from '../../i18n/texts';

interface TagFieldProps {
  value: readonly string[];
  onChange: (names: string[]) => void;
  label?: string;
}

/**
 * The tag input of the editors, wired to the user's tags: suggests them and creates new ones
 * (POST /api/tags), each new tag taking the next palette colour.
 */
export function TagField({ value, onChange, label }: TagFieldProps) {
  const tags = useItems('tags');
  const showToast = useToast();
  const texts = useAppTexts();

  async function createTag(name: string): Promise<string | null> {
    const color = TAG_PALETTE[(tags.data?.length ?? 0) % TAG_PALETTE.length]!.hex;
    try {
      const tag = await createItem('tags', { name, color });
      showToast({ tone: 'success', title: texts.ui.tagCreated });
      return tag.name;
    } catch (error) {
      showToast({
        tone: 'error',
        title: texts.ui.tagCreateFailed,
        description: error instanceof ApiError ? (localizedFieldError(error, 'name', texts) ?? localizedError(error, texts, '')) : undefined,
      });
      return null;
    }
  }

  return <TagInput label={label ?? texts.ui.tags} value={value} onChange={onChange} tags={tags.data ?? []} onCreateTag={createTag} />;
}
