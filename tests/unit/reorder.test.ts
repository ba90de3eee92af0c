import { describe, expect, it } from 'vitest';
import { moved } from '../../web/src/components/ui/use-reorder';

describe('a drop in reorder mode', () => {
  it('puts the dragged item in the place of the one it was dropped on, down or up the list', () => {
    expect(moved(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 'b', 'd')).toEqual(['a', 'c', 'd', 'b']);
    expect(moved(['a', 'b', 'c', 'd'], 'c', 'a')).toEqual(['c', 'a', 'b', 'd']);
  });
});
