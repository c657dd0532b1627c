import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { versionConflictOf } from './use-versioned-editor';

describe('versionConflictOf', () => {
  it('reads a stale save’s 409 with the contract’s schema: who saved which version, and when', () => {
    const error = new ApiError(409, 'This post was changed by Ada since you opened it.', [], {
      detail: 'This post was changed by Ada since you opened it.',
      current_version: 4,
      updated_by: { id: 2, name: 'Ada' },
      updated_at: '2026-11-26T10:00:00.000Z',
    });
    expect(versionConflictOf(error)).toEqual({
      detail: 'This post was changed by Ada since you opened it.',
      current_version: 4,
      updated_by: { id: 2, name: 'Ada' },
      updated_at: '2026-11-26T10:00:00.000Z',
    });
  });

  it('is no conflict for a 409 of another kind (a slug taken) or a body that does not fit', () => {
    expect(
      versionConflictOf(
        new ApiError(409, 'A post with this slug already exists', [
          { field: 'slug', message: 'This slug is already in use' },
        ]),
      ),
    ).toBeNull();
    expect(
      versionConflictOf(new ApiError(409, 'Changed', [], { current_version: 'four', updated_at: 'x' })),
    ).toBeNull();
    expect(
      versionConflictOf(new ApiError(500, 'Boom', [], { current_version: 4, updated_by: null, updated_at: 'x' })),
    ).toBeNull();
  });
});
