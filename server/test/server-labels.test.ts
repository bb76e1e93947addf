import { renderText } from '../src/domain/notifications/texts';
import { serverLabel } from '../src/i18n/labels';

// What the server writes for people to read (worklogs, refusals, notification texts) names codes by their labels.
describe('server-made texts say codes in words', () => {
  test('serverLabel reads the language files the browser reads', () => {
    expect(serverLabel('decisionRule', 'BUREAU_SCORE')).toBe('Bureau score');
    expect(serverLabel('decisionOutcome', 'REFER', 'hi')).toBe('क्रेडिट अधिकारी को भेजें');
    expect(serverLabel('decisionRule', 'OFFICER_OWN_RULE')).toBe('Officer own rule');
  });

  test('a FOLLOWED text with an action no entry names reads in words, never as the code', () => {
    expect(renderText({ key: 'followed', params: { actor: 'bcm1', action: 'updateSnoozeTime', app: 'APP-1' } })).toBe('bcm1 snoozed APP-1');
    expect(renderText({ key: 'followed', params: { actor: 'bcm1', action: 'DOCUMENT_MERGED', app: 'APP-1' } })).toBe('bcm1 document merged APP-1');
  });
});
