/**
 * Said beside what needs the network while there is none (the assistant, Google Calendar, push,
 * saving the settings, emptying the trash): the control is disabled and names this as its description.
 */
export function ConnectionNotice({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="field__hint">
      {children}
    </p>
  );
}
