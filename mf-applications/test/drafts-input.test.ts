import { graphQlInput } from '../src/api/applications-query';
import { buildListInput } from '../src/features/lists/api/list-input';
import { EMPTY_NARROWING } from '../src/features/lists/hooks/list-filter-store';

// Drafts are not work (issue 25): the Drafts toggle asks All applications for the drafts, through GraphQL too; no
// other list sends it (team and my lists hold work only).
describe('the Drafts narrowing', () => {
  const prefs = { view: 'table', pageSize: 10, gridPageSize: 9, sort: null, widths: {} } as never;
  test('All applications with Drafts on sends drafts: true, and GraphQL keeps it', () => {
    const input = buildListInput('ALL_APPLICATIONS', null, prefs, { ...EMPTY_NARROWING, drafts: true }, 0, null);
    expect(input.drafts).toBe(true);
    expect(graphQlInput(input)).toMatchObject({ queryType: 'ALL_APPLICATIONS', drafts: true });
  });
  test('off, or on another list, nothing is sent: the server leaves drafts out', () => {
    expect(buildListInput('ALL_APPLICATIONS', null, prefs, EMPTY_NARROWING, 0, null).drafts).toBeUndefined();
    expect(buildListInput('TEAM_APPLICATIONS', null, prefs, { ...EMPTY_NARROWING, drafts: true }, 0, null).drafts).toBeUndefined();
  });
});
