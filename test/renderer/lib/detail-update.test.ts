import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../shared/task-model';
import { timelineTail, withTimelineEntry } from '../../../shared/timeline';
import { updateDetail, withDetailFields } from '../../../renderer/lib/detail-update';
import { makeCall, makeDetail, makeSnapshot, makeTask, NOW } from '../factories';

const entry = (n: number): TimelineEntry => ({ at: NOW + n, statusMessage: `Step ${n}` });
/** A detail whose timeline has `count` entries, appended as the engine appends them. */
function detailAt(count: number, overrides: Parameters<typeof makeDetail>[0] = {}) {
  let timeline = { timeline: [] as TimelineEntry[], timelineCount: 0 };
  for (let n = 1; n <= count; n += 1) timeline = withTimelineEntry(timeline, entry(n));
  return makeDetail({ arguments: { project: 'app' }, answeredInputKeys: [], ...timeline, ...overrides });
}

describe('updateDetail', () => {
  it('takes the summary\'s fields and appends the new entries, keeping the arguments', () => {
    const detail = detailAt(3, { updatedAt: NOW });
    const summary = makeTask({ updatedAt: NOW + 5, snapshot: makeSnapshot({ statusMessage: 'Step 5' }), cancelRequestedAt: NOW + 4 });
    const updated = updateDetail(detail, summary, { localId: summary.localId, timeline: timelineTail(detailAt(5), 2), answeredInputKeys: ['ask'] });
    expect(updated).toEqual({ ...detailAt(5), ...summary, argumentSummary: undefined, arguments: { project: 'app' }, answeredInputKeys: ['ask'] });
    expect(updated).not.toHaveProperty('argumentSummary');
  });

  it('drops what the summary no longer has (a failed cancel clears cancelRequestedAt)', () => {
    const detail = detailAt(2, { updatedAt: NOW, cancelRequestedAt: NOW - 1 });
    const updated = updateDetail(detail, makeTask({ updatedAt: NOW }), undefined);
    expect(updated).not.toHaveProperty('cancelRequestedAt');
    expect(updated?.timeline).toBe(detail.timeline);
  });

  it('keeps a detail that is newer than the summary as it is', () => {
    const detail = detailAt(4, { updatedAt: NOW + 10 });
    expect(updateDetail(detail, makeTask({ updatedAt: NOW }), { localId: detail.localId, timeline: timelineTail(detailAt(3), 1), answeredInputKeys: [] })).toBe(detail);
  });

  it('keeps answers the detail has when the change carries fewer', () => {
    const detail = detailAt(1, { updatedAt: NOW, answeredInputKeys: ['a', 'b'] });
    expect(updateDetail(detail, makeTask({ updatedAt: NOW + 1 }), { localId: detail.localId, timeline: timelineTail(detail, 0), answeredInputKeys: ['a'] })?.answeredInputKeys).toEqual(['a', 'b']);
  });

  it('cannot update a detail whose timeline lacks entries the change does not carry', () => {
    const detail = detailAt(2, { updatedAt: NOW });
    expect(updateDetail(detail, makeTask({ updatedAt: NOW + 1 }), { localId: detail.localId, timeline: timelineTail(detailAt(9), 3), answeredInputKeys: [] })).toBeUndefined();
  });
});

describe('withDetailFields', () => {
  it('gives a server task\'s snapshot back the server task id its summary keeps on the task alone', () => {
    const summary = makeTask({ serverTaskId: 'srv-9', snapshot: { status: 'working', statusMessage: 'Step 1' } });
    const detail = withDetailFields(summary, { arguments: { project: 'app' }, timeline: [], answeredInputKeys: [] });
    expect(detail.snapshot).toEqual({ serverTaskId: 'srv-9', status: 'working', statusMessage: 'Step 1' });
    expect(detail).not.toHaveProperty('argumentSummary');
  });

  it('leaves a task without a snapshot, and a call, without one', () => {
    const fields = { arguments: {}, timeline: [], answeredInputKeys: [] };
    const { snapshot: _none, ...withoutSnapshot } = makeTask();
    expect(withDetailFields(withoutSnapshot, fields)).not.toHaveProperty('snapshot');
    expect(withDetailFields(makeCall(), fields)).not.toHaveProperty('snapshot');
  });
});
