import { displayNameOf } from '../../src/user/display-name';

describe('display name fallback (§3)', () => {
  it.each([
    [{ displayName: 'Asha R', firstName: 'A', lastName: 'B', userName: 'u' }, 'Asha R'],
    [{ firstName: 'Asha', lastName: 'Rao', userName: 'cpa1' }, 'Asha Rao'],
    [{ firstName: 'Asha', userName: 'cpa1' }, 'Asha'],
    [{ lastName: 'Rao', userName: 'cpa1' }, 'Rao'],
    [{ firstName: '  ', lastName: '', userName: 'cpa1' }, 'cpa1'],
    [{ userName: '' }, 'User'],
    [{}, 'User'],
    [null, 'User'],
  ])('%j → %s', (user, expected) => {
    expect(displayNameOf(user)).toBe(expected);
  });
});
