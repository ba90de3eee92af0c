import { describe, expect, it } from 'vitest';
import { afterEarlierChanges } from '../../web/src/lib/items';

/** A change whose request is answered when the test says. */
function change(log: string[], name: string) {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const send = async () => {
    log.push(`${name} sent`);
    await answered;
    log.push(`${name} answered`);
    return name;
  };
  return { send, answer };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('an item’s changes', () => {
  it('go out one after another, each once the one before is answered, so two quick clicks end as the second left them', async () => {
    const log: string[] = [];
    const [first, second] = [change(log, 'completed'), change(log, 'pending')];
    const results = [afterEarlierChanges('tasks/1', first.send), afterEarlierChanges('tasks/1', second.send)];
    await settled();
    expect(log).toEqual(['completed sent']);
    first.answer();
    second.answer();
    expect(await Promise.all(results)).toEqual(['completed', 'pending']);
    expect(log).toEqual(['completed sent', 'completed answered', 'pending sent', 'pending answered']);
  });

  it('wait for nothing of another item’s, and a refused change does not hold the next one back', async () => {
    const log: string[] = [];
    const other = change(log, 'other');
    const refused = afterEarlierChanges('tasks/2', () => Promise.reject(new Error('409')));
    const pending = afterEarlierChanges('tasks/3', other.send);
    const next = afterEarlierChanges('tasks/2', async () => 'next');
    await expect(refused).rejects.toThrow('409');
    expect(await next).toBe('next');
    expect(log).toEqual(['other sent']);
    other.answer();
    await pending;
  });
});
