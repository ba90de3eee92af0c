import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import './editor-overlay.css';
import { useTexts } from '../../i18n/texts';

interface EditorOverlayProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Called by the Save button, Enter in a field and Ctrl/Cmd+S, only while `canSave`. */
  onSave: () => void;
  canSave: boolean;
  saving: boolean;
  /** The form's fields. */
  children: ReactNode;
  /** Beside the fields on wide screens, under them on narrow ones. */
  aside?: ReactNode;
  /** The Save button's words, where an editor's differ ('Create', 'Save Changes'). */
  saveLabel?: string;
  formRef?: Ref<HTMLFormElement>;
}

/**
 * A full-screen editor: a modal dialog holding a form, Save and Cancel
 * at the bottom; Ctrl/Cmd+S saves and Escape closes.
 */
export function EditorOverlay({ open, title, onClose, onSave, canSave, saving, children, aside, saveLabel, formRef }: EditorOverlayProps) {
  const formId = useId();
  const save = useRef(() => {});
  const texts = useTexts();
  useEffect(() => {
    save.current = () => {
      if (canSave && !saving) onSave();
    };
  });

  useEffect(() => {
    if (!open) return;
    const keyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        save.current();
      }
    };
    document.addEventListener('keydown', keyDown);
    return () => document.removeEventListener('keydown', keyDown);
  }, [open]);

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      className="editor-overlay"
      footer={
        <>
          <span className="editor-overlay__shortcut" aria-hidden="true">
            {texts.common.editorShortcuts}
          </span>
          <Button variant="secondary" onClick={onClose}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={!canSave} busy={saving}>
            {saveLabel ?? texts.common.save}
          </Button>
        </>
      }
    >
      <div className="editor-overlay__layout">
        <form
          id={formId}
          ref={formRef}
          className="form editor-overlay__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.current();
          }}
        >
          {children}
        </form>
        {aside}
      </div>
    </Modal>
  );
}

interface EditorState<T> {
  /** The item edited, or null for a new one. */
  item: T | null;
  open: boolean;
  /** A new editor each time one opens, so its form starts afresh. */
  key: number;
}

/**
 * Which item an editor shows and whether it is open. Closing keeps the editor mounted until the
 * next one opens, so the dialog closes properly and gives the focus back.
 */
export function useEditor<T>() {
  const [state, setState] = useState<EditorState<T> | null>(null);
  const openEditor = useCallback((item: T | null) => setState((current) => ({ item, open: true, key: (current?.key ?? 0) + 1 })), []);
  const closeEditor = useCallback(() => setState((current) => current && { ...current, open: false }), []);
  return { editor: state, openEditor, closeEditor };
}
