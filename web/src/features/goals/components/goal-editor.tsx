import { useId, useState } from 'react';
import { GOAL_STATUSES, GOAL_TYPES, type Goal, type GoalStatus, type GoalType } from '../../../../../shared/goals';
import { MESSAGES } from '../../../../../shared/messages';
import { DateField, isPickedDayInPast } from '../../../components/ui/date-field';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Icon } from '../../../components/ui/icon';
import { Select } from '../../../components/ui/select';
import { TagField } from '../../../components/ui/tag-field';
import { TextArea } from '../../../components/ui/text-area';
import { TitleField } from '../../../components/ui/title-field';
import { useEditorForm } from '../../../components/ui/use-editor-form';
import { createItem, updateItem } from '../../../lib/items';
import { GOAL_STATUS_LABELS, GOAL_TYPE_LABELS } from '../lib/labels';

interface GoalEditorProps {
  /** The goal to edit, or null for a new one. */
  goal: Goal | null;
  open: boolean;
  onClose: () => void;
  timeZone: string;
}

const TYPE_OPTIONS = GOAL_TYPES.map((value) => ({ value, label: GOAL_TYPE_LABELS[value] }));
const STATUS_OPTIONS = GOAL_STATUSES.map((value) => ({ value, label: GOAL_STATUS_LABELS[value] }));

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

  function submit() {
    const body = { ...values, title: values.title.trim(), description: values.description.trim() };
    void save(() => (goal ? updateItem('goals', goal.id, body) : createItem('goals', body)), {
      saved: goal ? 'Goal updated successfully!' : 'Goal created successfully!',
      failed: 'Failed to save goal',
    });
  }

  return (
    <EditorOverlay
      open={open}
      title={goal ? 'Edit Goal' : 'Create New Goal'}
      onClose={onClose}
      onSave={submit}
      canSave={values.title.trim() !== '' && !dateInPast}
      saving={saving}
      aside={<GoalTips />}
    >
      <TitleField value={values.title} onChange={(title) => change({ title })} requiredMessage={MESSAGES.goalTitleRequired} error={serverErrors.title} />
      <TextArea label="Description" optional value={values.description} onChange={(event) => change({ description: event.target.value })} error={serverErrors.description} />
      <div className="editor-overlay__row">
        <Select label="Type" options={TYPE_OPTIONS} value={values.type} onChange={(event) => change({ type: event.target.value as GoalType })} />
        <Select label="Status" options={STATUS_OPTIONS} value={values.status} onChange={(event) => change({ status: event.target.value as GoalStatus })} />
      </div>
      <DateField
        label="Target date"
        value={values.target_date}
        onChange={(target_date) => change({ target_date })}
        timeZone={timeZone}
        notBeforeToday
        error={dateInPast ? MESSAGES.targetDateInPast : serverErrors.target_date}
      />
      <TagField value={values.tags} onChange={(tags) => change({ tags })} />
    </EditorOverlay>
  );
}

/** The toggleable tips beside the form. */
function GoalTips() {
  const [open, setOpen] = useState(false);
  const tipsId = useId();
  return (
    <aside className="goal-tips" aria-label="Goal Setting Tips">
      <button type="button" className="goal-tips__toggle" aria-expanded={open} aria-controls={tipsId} onClick={() => setOpen(!open)}>
        <Icon name="context" /> Goal Setting Tips
      </button>
      <ul id={tipsId} className="goal-tips__list" hidden={!open}>
        <li>
          <strong>Be specific:</strong> say exactly what you want to achieve.
        </li>
        <li>
          <strong>Make it measurable:</strong> decide how you will know it is done.
        </li>
        <li>
          <strong>Keep it achievable:</strong> stretch, but stay realistic.
        </li>
        <li>
          <strong>Make it relevant:</strong> tie it to what matters to you.
        </li>
        <li>
          <strong>Give it a date:</strong> a target date keeps you moving.
        </li>
        <li>Break big goals into tasks and track them from the goal card.</li>
      </ul>
    </aside>
  );
}
