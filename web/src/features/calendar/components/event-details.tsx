import type { CalendarEvent } from '../../../../../shared/calendar-events';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TagChips } from '../../../components/ui/tag-chips';
import { useItems } from '../../../lib/items';
import { EVENT_TYPE_LABELS } from '../lib/event-form';
import { describeWhen } from '../lib/event-layout';
import { GoogleBadge } from './event-entry';

interface EventDetailsProps {
  event: CalendarEvent;
  timeZone: string;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}

/** An event's details, with Edit and Delete. */
export function EventDetails({ event, timeZone, onEdit, onDelete, onClose }: EventDetailsProps) {
  const tags = useItems('tags');
  return (
    <Modal
      open
      title={event.title}
      className="event-details"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onDelete}>
            Delete
          </Button>
          <Button onClick={onEdit} data-autofocus>
            Edit
          </Button>
        </>
      }
    >
      <dl className="event-details__list">
        <div>
          <dt>When</dt>
          <dd>{describeWhen(event, timeZone)}</dd>
        </div>
        {event.location && (
          <div>
            <dt>Location</dt>
            <dd>{event.location}</dd>
          </div>
        )}
        {event.description && (
          <div>
            <dt>Description</dt>
            <dd className="event-details__description">{event.description}</dd>
          </div>
        )}
        <div>
          <dt>Type</dt>
          <dd>{EVENT_TYPE_LABELS[event.event_type]}</dd>
        </div>
        {event.tags.length > 0 && (
          <div>
            <dt>Tags</dt>
            <dd>
              <TagChips names={event.tags} tags={tags.data ?? []} max={event.tags.length} />
            </dd>
          </div>
        )}
      </dl>
      {event.gcal_id && (
        <p className="event-details__google">
          <GoogleBadge /> Synced from Google Calendar, which stays the source of truth: the next sync may replace changes made here.
        </p>
      )}
    </Modal>
  );
}
