import {
  applyDedupe,
  firstStep,
  flowSteps,
  isLastStep,
  nextStep,
  previousStep,
  routeOf,
  stepForRoute,
  switchApplicantType,
} from '../../src/form-engine';
import type { NavigationContext } from '../../src/form-engine';
import { flow } from './flow-fixture';

const ctx = (over: Partial<NavigationContext> = {}): NavigationContext => ({
  customerKind: 'new',
  singleORjoint: 'Single',
  applicantType: 'primary',
  ...over,
});

const ids = (c: NavigationContext) => flowSteps(flow, c).map((s) => s.subSectionId);

describe('the skip table (§2, §4)', () => {
  it.each<[string, Partial<NavigationContext>, string[]]>([
    ['new, single, primary', {}, ['basic', 'newOnly', 'dedupe', 'singleOnly', 'loanDetails', 'custom', 'customNamed', 'summary']],
    ['existing, single, primary', { customerKind: 'existing' }, ['otp', 'basic', 'existingOnly', 'dedupe', 'singleOnly', 'loanDetails', 'custom', 'customNamed', 'summary']],
    ['new, joint, primary', { singleORjoint: 'Joint' }, ['basic', 'newOnly', 'dedupe', 'coApplicants', 'loanDetails', 'custom', 'customNamed', 'summary']],
    ['new, joint, secondary', { singleORjoint: 'Joint', applicantType: 'secondary' }, ['basic', 'newOnly', 'dedupe', 'coApplicants', 'notPrimary', 'custom', 'customNamed', 'summary']],
    ['existing, joint, guarantor', { customerKind: 'existing', singleORjoint: 'Joint', applicantType: 'guarantor' }, ['otp', 'basic', 'existingOnly', 'dedupe', 'coApplicants', 'notPrimary', 'guarantorOnly', 'custom', 'customNamed', 'summary']],
  ])('%s', (_name, over, expected) => {
    expect(ids(ctx(over))).toEqual(expected);
  });

  it('never visits a hidden sub-section', () => {
    expect(ids(ctx({ customerKind: 'existing', singleORjoint: 'Joint', applicantType: 'guarantor' }))).not.toContain('disabled');
  });
});

describe('stepping', () => {
  it('starts at the first applicable step: new customers skip the existing-customer OTP', () => {
    expect(firstStep(flow, ctx())?.subSectionId).toBe('basic');
    expect(firstStep(flow, ctx({ customerKind: 'existing' }))?.subSectionId).toBe('otp');
  });

  it('moves forward across sections, skipping what does not apply', () => {
    expect(nextStep(flow, { sectionId: 'S1', subSectionId: 'newOnly' }, ctx())).toMatchObject({ sectionId: 'S2', subSectionId: 'dedupe', route: 'dedupe' });
    expect(nextStep(flow, { sectionId: 'S2', subSectionId: 'dedupe' }, ctx())?.subSectionId).toBe('singleOnly');
    expect(nextStep(flow, { sectionId: 'S2', subSectionId: 'dedupe' }, ctx({ singleORjoint: 'Joint' }))?.subSectionId).toBe('coApplicants');
  });

  it('moves backward the same way in reverse', () => {
    expect(previousStep(flow, { sectionId: 'S2', subSectionId: 'dedupe' }, ctx())?.subSectionId).toBe('newOnly');
    expect(previousStep(flow, { sectionId: 'S2', subSectionId: 'dedupe' }, ctx({ customerKind: 'existing' }))?.subSectionId).toBe('existingOnly');
    expect(previousStep(flow, { sectionId: 'S1', subSectionId: 'basic' }, ctx())).toBeNull();
    expect(previousStep(flow, { sectionId: 'S1', subSectionId: 'basic' }, ctx({ customerKind: 'existing' }))?.subSectionId).toBe('otp');
  });

  it('ends at the last sub-section of the last section', () => {
    const last = { sectionId: 'S4', subSectionId: 'summary' };
    expect(isLastStep(flow, last, ctx())).toBe(true);
    expect(nextStep(flow, last, ctx())).toBeNull();
    expect(isLastStep(flow, { sectionId: 'S3', subSectionId: 'custom' }, ctx())).toBe(false);
  });

  it('steps from a position that no longer applies (after the applicant type changed)', () => {
    // A secondary applicant standing on loanDetails (isSingle) moves on as if from that place in the flow.
    expect(nextStep(flow, { sectionId: 'S2', subSectionId: 'loanDetails' }, ctx({ applicantType: 'secondary' }))?.subSectionId).toBe('custom');
  });

  it('an unknown position restarts at the first step', () => {
    expect(nextStep(flow, { sectionId: 'nope', subSectionId: 'x' }, ctx())?.subSectionId).toBe('basic');
  });
});

describe('custom routes (§2: default "capture_1")', () => {
  it('renders custom pages on the custom route', () => {
    const steps = flowSteps(flow, ctx());
    expect(steps.find((s) => s.subSectionId === 'custom')).toMatchObject({ route: 'capture_1', isCustom: true });
    expect(steps.find((s) => s.subSectionId === 'customNamed')?.route).toBe('capture_2');
    expect(routeOf(flow.sections[2].subSections[0], { custom_route: 'capture_9' })).toBe('capture_9');
    expect(routeOf(flow.sections[0].subSections[1])).toBe('basic');
  });

  it('finds a step by route', () => {
    expect(stepForRoute(flow, 'loan', ctx())?.subSectionId).toBe('loanDetails');
    expect(stepForRoute(flow, 'loan', ctx({ applicantType: 'secondary' }))).toBeNull();
  });
});

describe('dedupe (§4: switches primary ↔ secondary)', () => {
  it('switches the applicant type', () => {
    expect(switchApplicantType('primary')).toBe('secondary');
    expect(switchApplicantType('secondary')).toBe('primary');
    expect(switchApplicantType('guarantor')).toBe('guarantor');
  });

  it('the next step follows the switched type', () => {
    const joint = ctx({ singleORjoint: 'Joint' });
    const after = applyDedupe(joint, true);
    expect(after.applicantType).toBe('secondary');
    expect(applyDedupe(joint, false)).toBe(joint);
    const pos = { sectionId: 'S2', subSectionId: 'coApplicants' };
    expect(nextStep(flow, pos, joint)?.subSectionId).toBe('loanDetails');
    expect(nextStep(flow, pos, after)?.subSectionId).toBe('notPrimary');
  });
});
