import { useId, useState } from 'react';
import { API_LIMITS } from '../../../../../shared/constants';
import { isBeforeToday } from '../../../../../shared/dates';
import { GOAL_STATUSES, GOAL_TYPES, type Goal, type GoalStatus, type GoalType } from '../../../../../shared/goals';
import { MESSAGES } from '../../../../../shared/messages';
import { DateField } from '../../../components/ui/date-field';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { TagField } from '../../../components/ui/tag-field';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
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

/** The full-screen goal editor: 'Create New Goal' or 'Edit Goal', with the 'Goal Setting Tips' panel. */
export function GoalEditor({ goal, open, onClose, timeZone }: GoalEditorProps) {
  const showToast = useToast();
  const [title, setTitle] = useState(goal?.title ?? '');
  const [description, setDescription] = useState(goal?.description ?? '');
  const [type, setType] = useState<GoalType>(goal?.type ?? 'short_term');
  const [status, setStatus] = useState<GoalStatus>(goal?.status ?? 'active');
  const [targetDate, setTargetDate] = useState(goal?.target_date ?? null);
  const [tags, setTags] = useState<string[]>(goal?.tags ?? []);
  const [titleTouched, setTitleTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const titleMissing = title.trim() === '';
  // A date kept from before may lie in the past; a newly picked one may not.
  const dateInPast = targetDate !== null && targetDate !== goal?.target_date && isBeforeToday(targetDate, new Date(), timeZone);
  const canSave = !titleMissing && !dateInPast;

  async function save() {
    setSaving(true);
    const body = { title: title.trim(), description: description.trim(), type, status, target_date: targetDate, tags };
    try {
      if (goal) await updateItem('goals', goal.id, body);
      else await createItem('goals', body);
      showToast({ tone: 'success', title: goal ? 'Goal updated successfully!' : 'Goal created successfully!' });
      onClose();
    } catch (error) {
      setServerErrors(error instanceof ApiError ? error.fields : {});
      showToast({ tone: 'error', title: 'Failed to save goal', description: 'Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <EditorOverlay
      open={open}
      title={goal ? 'Edit Goal' : 'Create New Goal'}
      onClose={onClose}
      onSave={() => void save()}
      canSave={canSave}
      saving={saving}
      aside={<GoalTips />}
    >
      <TextField
        label="Title"
        value={title}
        required
        data-autofocus
        maxLength={API_LIMITS.titleMax}
        error={(titleTouched && titleMissing ? MESSAGES.goalTitleRequired : null) ?? serverErrors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleTouched(true);
        }}
        onBlur={() => setTitleTouched(true)}
      />
      <TextArea label="Description" optional value={description} onChange={(event) => setDescription(event.target.value)} error={serverErrors.description} />
      <div className="editor-overlay__row">
        <Select label="Type" options={TYPE_OPTIONS} value={type} onChange={(event) => setType(event.target.value as GoalType)} />
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as GoalStatus)} />
      </div>
      <DateField
        label="Target date"
        value={targetDate}
        onChange={setTargetDate}
        timeZone={timeZone}
        notBeforeToday
        error={dateInPast ? MESSAGES.targetDateInPast : serverErrors.target_date}
      />
      <TagField value={tags} onChange={setTags} />
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
        <span aria-hidden="true">💡</span> Goal Setting Tips
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
