import { Link } from '../../../lib/navigation';
import type { Task } from '../../../../../shared/tasks.schema';
import { buttonClassName } from '../../../components/ui/button';
import { useAppTexts } from '../../../i18n/texts';

/** A labelled bar; the fill stops at 100 %. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <div className="dash-progress">
      <div className="dash-progress__label">
        <span>{label}</span>
        <span>{shown}%</span>
      </div>
      <div className="dash-progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown}>
        <div className="dash-progress__fill" style={{ width: `${shown}%` }} />
      </div>
    </div>
  );
}

/** The first `limit` task titles, then '+N more tasks'. */
export function TaskPreview({ tasks, limit }: { tasks: readonly Task[]; limit: number }) {
  const more = tasks.length - limit;
  const t = useAppTexts().dashboard;
  return (
    <ul className="dash-preview">
      {tasks.slice(0, limit).map((task) => (
        <li key={task.id} className={task.status === 'completed' ? 'dash-preview__done' : undefined}>
          {task.title}
        </li>
      ))}
      {more > 0 && <li className="dash-preview__more">{t.moreTasks(more)}</li>}
    </ul>
  );
}

/** An empty state: a message and a link to where the first item is made. */
export function EmptyState({ message, action, to }: { message: string; action: string; to: string }) {
  return (
    <div className="dash-empty">
      <p>{message}</p>
      <Link to={to} className={buttonClassName('secondary')}>
        {action}
      </Link>
    </div>
  );
}
