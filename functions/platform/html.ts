const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * A value a person chose, made safe as the text of a mail Cognito sends as HTML: shown as typed,
 * never as markup. (Text only: a value put in an attribute would need its quotes escaped too.)
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>]/g, (character) => ENTITIES[character]!);
}
