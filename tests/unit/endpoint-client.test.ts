import { afterEach, describe, expect, it, vi } from 'vitest';
import { madePerSettings } from '../../functions/platform/endpoint-client';

describe('something made per settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is made once while its variables keep their values, and again when any of them changes', () => {
    vi.stubEnv('TABLE_NAME', 'first');
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:1');
    let made = 0;
    const store = madePerSettings(['TABLE_NAME', 'AWS_ENDPOINT_URL_DYNAMODB'], () => ({ made: ++made, table: process.env.TABLE_NAME }));

    const first = store();
    expect(store()).toBe(first);
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:2');
    expect(store()).toEqual({ made: 2, table: 'first' });
    vi.stubEnv('TABLE_NAME', 'second');
    expect(store()).toEqual({ made: 3, table: 'second' });
    expect(store()).toEqual({ made: 3, table: 'second' });
  });
});
