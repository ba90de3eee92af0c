import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../functions/platform/log';

afterEach(() => vi.restoreAllMocks());

describe('the functions’ log', () => {
  it('writes an error’s name, message, stack and cause, and none of its other fields (a client error carries its request’s headers)', () => {
    const lines: string[] = [];
    // Powertools writes to the process's own streams, errors to stderr.
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    }
    const failure = Object.assign(new Error('Rate Limit Exceeded', { cause: new Error('429') }), {
      config: { headers: { Authorization: 'Bearer ya29.secret-token' } },
      response: { data: 'everything' },
    });
    log.error('Google Calendar call failed', { userId: 'u1', error: failure });
    const written = lines.join('\n');
    expect(written).not.toContain('ya29.secret-token');
    expect(written).not.toContain('everything');
    const entry = JSON.parse(lines.find((line) => line.includes('Google Calendar call failed'))!);
    expect(entry).toMatchObject({ level: 'ERROR', message: 'Google Calendar call failed', service: 'tempo', userId: 'u1' });
    expect(entry.error).toMatchObject({ name: 'Error', message: 'Rate Limit Exceeded', cause: { message: '429' } });
    expect(entry.error.stack).toContain('log.test.ts');
  });
});
