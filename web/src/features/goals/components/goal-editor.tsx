import { useId, useState } from 'react';
import { GOAL_STATUSES, GOAL_TYPES, type GoalStatus, type GoalType } from '../../../../../shared/goals';
import type { Goal } from '../../../../../shared/goals.schema';
import { DateField, isPickedDayInPast } from '../../../components/ui/date-field';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Icon } from '../../../components/ui/icon';
import { Select } from '../../../components/ui/select';
import { TagField } from '../../../components/items/tag-field';
import { TextArea } from '../../../components/ui/text-area';
import { TitleField } from '../../../components/ui/title-field';
import { useEditorForm } from '../../../components/ui/use-editor-form';
import { createItem, updateItem } from '../../../lib/items';
import { useAppTexts } from '../../../i18n/texts';

interface GoalEditorProps {
  /** The goal to edit, or null for a new one. */
  goal: Goal | null;
  open: boolean;
  onClose: () => void;
  timeZone: string;
}

/** The editor's fields, as a new goal starts. */
const NEW_GOAL: Pick<Goal, 'title' | 'description' | 'type' | 'status' | 'target_date' | 'tags'> = {
  title: '',
  description: '',
  type: 'short_term',
  status: 'active',
  target_date: null,
  tags: [],
};

/** The full-screen goal editor: 'Create New Goal' or 'Edit Goal', with the 'Goal Setting Tips' panel. */
export function GoalEditor({ goal, open, onClose, timeZone }: GoalEditorProps) {
  const { values, change, save, saving, serverErrors } = useEditorForm(NEW_GOAL, goal, onClose);
  const dateInPast = isPickedDayInPast(values.target_date, goal?.target_date, new Date(), timeZone);
  const texts = useAppTexts();
  const t = texts.goals.editor;

  function submit() {
    const body = { ...values, title: values.title.trim(), description: values.description.trim() };
    void save(() => (goal ? updateItem('goals', goal.id, body) : createItem('goals', body)), {
      saved: goal ? t.updated : t.created,
      failed: t.failed,
    });
  }

  return (
    <EditorOverlay
      open={open}
      title={goal ? t.editTitle : t.newTitle}
      onClose={onClose}
      onSave={submit}
      canSave={values.title.trim() !== '' && !dateInPast}
      saving={saving}
      aside={<GoalTips />}
    >
      <TitleField value={values.title} onChange={(title) => change({ title })} requiredMessage={texts.errors.goalTitleRequired} error={serverErrors.title} />
      <TextArea
        label={t.description}
        optional
        value={values.description}
        onChange={(event) => change({ description: event.target.value })}
        error={serverErrors.description}
      />
      <div className="editor-overlay__row">
        <Select
          label={t.type}
          options={GOAL_TYPES.map((value) => ({ value, label: texts.labels.goalType[value] }))}
          value={values.type}
          onChange={(event) => change({ type: event.target.value as GoalType })}
        />
        <Select
          label={t.status}
          options={GOAL_STATUSES.map((value) => ({ value, label: texts.labels.goalStatus[value] }))}
          value={values.status}
          onChange={(event) => change({ status: event.target.value as GoalStatus })}
        />
      </div>
      <DateField
        label={t.targetDate}
        value={values.target_date}
        onChange={(target_date) => change({ target_date })}
        timeZone={timeZone}
        notBeforeToday
        error={dateInPast ? texts.errors.targetDateInPast : serverErrors.target_date}
      />
      <TagField value={values.tags} onChange={(tags) => change({ tags })} />
    </EditorOverlay>
  );
}

/** The toggleable tips beside the form. */
function GoalTips() {
  const [open, setOpen] = useState(false);
  const tipsId = useId();
  const t = useAppTexts().goals.tips;
  return (
    <aside className="goal-tips" aria-label={t.title}>
      <button type="button" className="goal-tips__toggle" aria-expanded={open} aria-controls={tipsId} onClick={() => setOpen(!open)}>
        <Icon name="context" /> {t.title}
      </button>
      <ul id={tipsId} className="goal-tips__list" hidden={!open}>
        {t.tips.map((tip) => (
          <li key={tip.lead}>
            <strong>{tip.lead}</strong> {tip.text}
          </li>
        ))}
        <li>{t.last}</li>
      </ul>
    </aside>
  );
}
