import type { CalendarEvent } from '../../../../../shared/calendar-events.schema';
import { eventDays } from '../../../../../shared/calendar-events';
import { repeatSummary } from '../../../components/items/repeat-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TagChips } from '../../../components/ui/tag-chips';
import { useItems } from '../../../lib/items';
import { Link } from '../../../lib/navigation';
import { describeWhen } from '../lib/event-layout';
import { GoogleBadge } from './event-entry';
import { useAppTexts } from '../../../i18n/texts';

interface EventDetailsProps {
  event: CalendarEvent;
  timeZone: string;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}

/** An event's details (a planned block's task among them), with Edit and Delete. */
export function EventDetails({ event, timeZone, onEdit, onDelete, onClose }: EventDetailsProps) {
  const tags = useItems('tags');
  const tasks = useItems('tasks');
  const task = event.task_id ? tasks.data?.find((candidate) => candidate.id === event.task_id) : undefined;
  const texts = useAppTexts();
  const t = texts.calendar.details;
  return (
    <Modal
      open
      title={event.title}
      className="event-details"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onDelete}>
            {t.delete}
          </Button>
          <Button onClick={onEdit} data-autofocus>
            {t.edit}
          </Button>
        </>
      }
    >
      <dl className="event-details__list">
        <div>
          <dt>{t.when}</dt>
          <dd>{describeWhen(event, timeZone, texts)}</dd>
        </div>
        {task && (
          <div>
            <dt>{texts.planning.task}</dt>
            <dd>
              <Link to={`/tasks?taskId=${task.id}`}>{task.title}</Link>
            </dd>
          </div>
        )}
        {event.recurrence && (
          <div>
            <dt>{texts.repeat.label}</dt>
            <dd>{repeatSummary(event.recurrence.rule, eventDays(event, timeZone).first, texts)}</dd>
          </div>
        )}
        {event.location && (
          <div>
            <dt>{t.location}</dt>
            <dd>{event.location}</dd>
          </div>
        )}
        {event.description && (
          <div>
            <dt>{t.description}</dt>
            <dd className="event-details__description">{event.description}</dd>
          </div>
        )}
        <div>
          <dt>{t.type}</dt>
          <dd>{texts.labels.eventType[event.event_type]}</dd>
        </div>
        {event.tags.length > 0 && (
          <div>
            <dt>{texts.ui.tags}</dt>
            <dd>
              <TagChips names={event.tags} tags={tags.data ?? []} max={event.tags.length} />
            </dd>
          </div>
        )}
      </dl>
      {event.gcal_id && (
        <p className="event-details__google">
          <GoogleBadge /> {t.fromGoogle}
        </p>
      )}
    </Modal>
  );
}
