import { canSeeNotifications, debugRoleOf, hasApplicationAccessOnly, hasFeature, isDebugger, isDeveloper } from '../../src/auth/permissions';

describe('§6 roles and features', () => {
  it('a feature passes when the roles include it; an empty name always passes', () => {
    expect(hasFeature(['CPA', 'MANAGE_DOCUMENT'], 'MANAGE_DOCUMENT')).toBe(true);
    expect(hasFeature(['CPA'], 'MANAGE_DOCUMENT')).toBe(false);
    expect(hasFeature([], '')).toBe(true);
    expect(hasFeature(null, undefined)).toBe(true);
    expect(hasFeature(undefined, 'CPA')).toBe(false);
  });
  it('notifications need NOTIFICATION', () => {
    expect(canSeeNotifications(['NOTIFICATION'])).toBe(true);
    expect(canSeeNotifications(['APPLICATION_ACCESS'])).toBe(false);
  });
  it('DEVELOPER and DEBUGGER are exclusive and developer wins', () => {
    expect(debugRoleOf(['DEBUGGER', 'DEVELOPER'])).toBe('DEVELOPER');
    expect(isDeveloper(['DEBUGGER', 'DEVELOPER'])).toBe(true);
    expect(isDebugger(['DEBUGGER', 'DEVELOPER'])).toBe(false);
    expect(debugRoleOf(['DEBUGGER'])).toBe('DEBUGGER');
    expect(debugRoleOf(['CPA'])).toBeNull();
  });
  it('application access only ⇔ no APPLICATIONS_ACTIONS', () => {
    expect(hasApplicationAccessOnly(['APPLICATION_ACCESS'])).toBe(true);
    expect(hasApplicationAccessOnly(['CPA', 'APPLICATIONS_ACTIONS'])).toBe(false);
  });
});
