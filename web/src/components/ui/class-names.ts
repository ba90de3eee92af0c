/** Joins the class names that apply, skipping false, null and undefined. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
