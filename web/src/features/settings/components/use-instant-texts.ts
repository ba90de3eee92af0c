import { calendarDay } from '../../../../../shared/dates';
import { useAppTexts } from '../../../i18n/texts';
import { useTimeZone } from '../../../lib/items';
import { formatDay, formatTime } from '../../../lib/zoned-dates';

/** Instants as the person's language and time zone write them: the day ("Dec 7, 2026"), or the day and time. */
export function useInstantTexts() {
  const { dates } = useAppTexts();
  const timeZone = useTimeZone();
  const day = (instant: string) => formatDay(calendarDay(instant, timeZone), dates);
  return { day, dayAndTime: (instant: string) => `${day(instant)}, ${formatTime(instant, timeZone, dates)}` };
}
