import { TAG_PALETTE } from '../../../../shared/tags';
import { ApiError } from '../../lib/api';
import { createItem, useItems } from '../../lib/items';
import { TagInput } from './tag-input';
import { useToast } from './toast';

interface TagFieldProps {
  value: readonly string[];
  onChange: (names: string[]) => void;
  label?: string;
}

/**
 * The tag input of the editors, wired to the user's tags: suggests them and creates new ones
 * (POST /api/tags), each new tag taking the next palette colour.
 */
export function TagField({ value, onChange, label = 'Tags' }: TagFieldProps) {
  const tags = useItems('tags');
  const showToast = useToast();

  async function createTag(name: string): Promise<string | null> {
    const color = TAG_PALETTE[(tags.data?.length ?? 0) % TAG_PALETTE.length]!.hex;
    try {
      const tag = await createItem('tags', { name, color });
      showToast({ tone: 'success', title: 'Tag created successfully!' });
      return tag.name;
    } catch (error) {
      showToast({ tone: 'error', title: 'Failed to create tag', description: error instanceof ApiError ? (error.fields.name ?? error.message) : undefined });
      return null;
    }
  }

  return <TagInput label={label} value={value} onChange={onChange} tags={tags.data ?? []} onCreateTag={createTag} />;
}
