import { TEXTS, videoText } from '../src/lib/texts';

/** The video area speaks en and hi: every text in both, with the same placeholders, filled from params. */
describe('video texts', () => {
  const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();

  test('hi has every en text, with the same placeholders', () => {
    expect(Object.keys(TEXTS.hi).sort()).toEqual(Object.keys(TEXTS.en).sort());
    for (const key of Object.keys(TEXTS.en) as (keyof typeof TEXTS.en)[]) {
      expect(TEXTS.hi[key].trim()).not.toBe('');
      expect([key, placeholders(TEXTS.hi[key])]).toEqual([key, placeholders(TEXTS.en[key])]);
    }
  });

  test('the page language picks the dictionary and params fill the placeholders', () => {
    expect(videoText('en', 'invitationSent', { to: 'a@b.in' })).toBe('Invitation sent to a@b.in. The applicant joins from the link.');
    expect(videoText('hi', 'waitingFor', { name: 'Asha' })).toBe('Asha के जुड़ने की प्रतीक्षा…');
    expect(videoText('en-IN', 'connectionFailed')).toBe('Connection failed. Check the network and reconnect.');
  });
});
