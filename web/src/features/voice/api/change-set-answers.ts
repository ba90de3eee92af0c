import { changeLineKey } from '../../../../../shared/change-sets';
import type { ChangeSet } from '../../../../../shared/change-sets.schema';

/**
 * What the agent hears of an answer given on screen (a plan's blocks, or moves to the trash held),
 * from how the server left the answered lines `keys`: some accepted may have failed, and why.
 */
export function answerToldToAgent(answered: ChangeSet, keys: readonly string[], what: 'plan' | 'moves to the trash'): string {
  const chosen = new Set(keys);
  const lines = answered.lines.filter((line) => chosen.has(changeLineKey(line)));
  const applied = lines.filter((line) => line.status === 'applied').length;
  const declined = lines.filter((line) => line.status === 'declined').length;
  const failed = lines.filter((line) => line.status === 'failed');
  const failures = failed.map((line) => `“${line.title}”${line.reason ? `: ${line.reason}` : ''}`).join('; ');
  return (
    `The person answered the ${what} on screen: ${applied} done, ${declined} turned down` +
    (failed.length > 0 ? `, ${failed.length} failed (${failures}).` : '.')
  );
}
