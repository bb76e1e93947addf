import { componentStatus, sectionPercent, sectionStatus, stepIndicator, updateProgress } from '../../src/form-engine';
import type { NavigationContext } from '../../src/form-engine';
import type { SectionProgress } from '../../src/types';
import { flow } from './flow-fixture';

const single: NavigationContext = { customerKind: 'new', singleORjoint: 'Single', applicantType: 'primary' };
const S1 = flow.sections[0]; // applicable for new single primary: basic, newOnly
const S2 = flow.sections[1]; // applicable: dedupe, singleOnly, loanDetails

function progressOf(entries: Record<string, Record<string, 'PENDING' | 'PROGRESS' | 'COMPLETE'>>): SectionProgress[] {
  return Object.entries(entries).map(([sectionId, comps]) => ({
    sectionId,
    status: 'PROGRESS',
    components: Object.entries(comps).map(([componentId, status]) => ({ componentId, componentRouteInfo: componentId, status })),
  }));
}

describe('component status', () => {
  it('PENDING untouched, PROGRESS partly filled, COMPLETE when valid', () => {
    expect(componentStatus(false, 3)).toBe('PENDING');
    expect(componentStatus(true, 1)).toBe('PROGRESS');
    expect(componentStatus(true, 0)).toBe('COMPLETE');
  });
});

describe('section status (§4)', () => {
  it('is complete when all applicable components are complete, ignoring the ones that do not apply', () => {
    const p = progressOf({ S1: { basic: 'COMPLETE', newOnly: 'COMPLETE' } });
    expect(sectionStatus(S1, p, single)).toBe('COMPLETE');
    // without the context, the OTP and existing-only sub-sections count too
    expect(sectionStatus(S1, p)).toBe('PROGRESS');
  });

  it('is in progress otherwise, and pending when untouched', () => {
    expect(sectionStatus(S1, progressOf({ S1: { basic: 'COMPLETE' } }), single)).toBe('PROGRESS');
    expect(sectionStatus(S1, progressOf({ S1: { basic: 'PROGRESS' } }), single)).toBe('PROGRESS');
    expect(sectionStatus(S1, [], single)).toBe('PENDING');
  });
});

describe('section percentage (§4: completed + 0.5 × in-progress over sub-sections)', () => {
  it.each<[Record<string, 'PENDING' | 'PROGRESS' | 'COMPLETE'>, number]>([
    [{}, 0],
    [{ dedupe: 'PROGRESS' }, (0.5 / 3) * 100],
    [{ dedupe: 'COMPLETE' }, (1 / 3) * 100],
    [{ dedupe: 'COMPLETE', singleOnly: 'PROGRESS' }, 50],
    [{ dedupe: 'COMPLETE', singleOnly: 'COMPLETE', loanDetails: 'PROGRESS' }, (2.5 / 3) * 100],
    [{ dedupe: 'COMPLETE', singleOnly: 'COMPLETE', loanDetails: 'COMPLETE' }, 100],
  ])('%j → %d %%', (comps, expected) => {
    expect(sectionPercent(S2, progressOf({ S2: comps }), single)).toBeCloseTo(expected, 10);
  });

  it('matches entries by componentRouteInfo too', () => {
    const p: SectionProgress[] = [{ sectionId: 'S1', status: 'PROGRESS', components: [{ componentId: 'other-id', componentRouteInfo: 'kyc', status: 'COMPLETE' }] }];
    expect(sectionPercent(S1, p, single)).toBe(50);
  });
});

describe('updateProgress', () => {
  it('records a status, recomputes the section and leaves the input untouched', () => {
    const before: SectionProgress[] = [];
    const a = updateProgress(flow, before, 'S1', 'basic', 'COMPLETE', single);
    expect(before).toEqual([]);
    expect(a).toEqual([{ sectionId: 'S1', status: 'PROGRESS', components: [{ componentId: 'basic', componentRouteInfo: 'basic', status: 'COMPLETE' }] }]);
    const b = updateProgress(flow, a, 'S1', 'newOnly', 'COMPLETE', single);
    expect(b[0].status).toBe('COMPLETE');
    const c = updateProgress(flow, b, 'S1', 'newOnly', 'PROGRESS', single);
    expect(c[0].components).toHaveLength(2);
    expect(c[0].status).toBe('PROGRESS');
  });
});

describe('step indicator (§2)', () => {
  it('sections before the current one are 100 %, the current one partial, later ones upcoming', () => {
    const p = progressOf({ S2: { dedupe: 'COMPLETE', singleOnly: 'PROGRESS' } });
    const items = stepIndicator(flow, 'S2', p, single);
    expect(items.map((i) => [i.sectionId, i.state, i.percent, i.current])).toEqual([
      ['S1', 'complete', 100, false],
      ['S2', 'partial', 50, true],
      ['S3', 'upcoming', 0, false],
      ['S4', 'upcoming', 0, false],
    ]);
  });

  it('the last section shows complete', () => {
    const items = stepIndicator(flow, 'S4', [], single);
    expect(items.every((i) => i.state === 'complete' && i.percent === 100)).toBe(true);
    expect(items[3].current).toBe(true);
  });
});
