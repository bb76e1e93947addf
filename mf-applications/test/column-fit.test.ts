import { fitWidths, MIN_WIDTH } from '../src/lib/column-widths';

/** Issue 26: at 1280-1400 px a list's columns fit its frame when they can ("Team" and "Pending approvals" were off it). */
const cols = ['application_id', 'applicant_name', 'sla', 'stage', 'team', 'openApprovals'].map((key) => ({ key, label: key }));
const widths = { application_id: 130, applicant_name: 160, sla: 320, stage: 140, team: 200, openApprovals: 150 }; // 1100
const headers = { application_id: 120, applicant_name: 100, sla: 80, stage: 70, team: 60, openApprovals: 150 };
const sum = (w: Record<string, number>) => Object.values(w).reduce((a, b) => a + b, 0);

test('wider than the frame: the cuttable columns give up width down to their header, the id and applicant keep theirs', () => {
  const fit = fitWidths(cols, widths, 900, headers, undefined);
  expect(sum(fit)).toBeLessThanOrEqual(900);
  expect(fit.application_id).toBe(130);
  expect(fit.applicant_name).toBe(160);
  expect(fit.sla).toBeLessThan(320);
  for (const c of cols) expect(fit[c.key]).toBeGreaterThanOrEqual(Math.min(widths[c.key as keyof typeof widths], Math.max(MIN_WIDTH, headers[c.key as keyof typeof headers])));
});

test('narrow enough already, no frame yet, or no room to give: unchanged; a width the user set stays', () => {
  expect(fitWidths(cols, widths, 1400, headers, undefined)).toEqual(widths);
  expect(fitWidths(cols, widths, 0, headers, undefined)).toEqual(widths);
  const fit = fitWidths(cols, widths, 900, headers, { sla: 320 });
  expect(fit.sla).toBe(320);
  expect(fitWidths(cols, widths, 100, widths, undefined)).toEqual(widths); // every column at its header already
});
