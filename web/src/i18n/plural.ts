/** The form of a word for a count in a language ('one' or 'other'), as `Intl` decides it (French 0 is 'one'). */
export function pluralOf(language: string, count: number, forms: { one: string; other: string }): string {
  return new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other;
}
