import { waitFor } from '@testing-library/react';

// A recording performance object (jsdom's has no user-timing entries to read back), installed
// before the module under test captures it.
const entries: { type: 'mark' | 'measure'; name: string }[] = [];
const recording = {
  now: () => Date.now(),
  mark: (name: string) => void entries.push({ type: 'mark', name }),
  measure: (name: string, from: string, to: string) => {
    if (!entries.some((e) => e.type === 'mark' && e.name === from) || !entries.some((e) => e.type === 'mark' && e.name === to)) throw new Error('no such mark');
    entries.push({ type: 'measure', name });
  },
  clearMarks: (name: string) => remove('mark', name),
  clearMeasures: (name: string) => remove('measure', name),
};
function remove(type: 'mark' | 'measure', name: string) {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].type === type && entries[i].name === name) entries.splice(i, 1);
}
Object.defineProperty(globalThis, 'performance', { configurable: true, value: recording });
const { LIST_MARKS, LIST_MEASURES, markListCommitted, markListData, markListFetch } = jest.requireActual<typeof import('../src/features/lists/perf/list-marks')>('../src/features/lists/perf/list-marks');

const names = (type: 'mark' | 'measure') => entries.filter((e) => e.type === type).map((e) => e.name);

describe('list user timings (read by bench/list-paint.mjs)', () => {
  test('fetch → data → committed gives a render measure, then painted a paint measure; a new fetch starts afresh', async () => {
    markListFetch();
    markListData();
    markListCommitted();
    expect(names('mark')).toEqual([LIST_MARKS.fetch, LIST_MARKS.data, LIST_MARKS.committed]);
    expect(names('measure')).toEqual([LIST_MEASURES.render]);
    markListCommitted(); // a re-render without a new page records nothing more
    // jsdom's animation frame, then the queued task: a fixed 100 ms was not always enough on a loaded machine (CI).
    await waitFor(() => expect(names('mark')).toContain(LIST_MARKS.painted), { timeout: 5000 });
    expect(names('mark')).toEqual([LIST_MARKS.fetch, LIST_MARKS.data, LIST_MARKS.committed, LIST_MARKS.painted]);
    expect(names('measure')).toEqual([LIST_MEASURES.render, LIST_MEASURES.paint]);
    markListFetch();
    expect(names('mark')).toEqual([LIST_MARKS.fetch]);
    expect(names('measure')).toEqual([]);
  });
});
