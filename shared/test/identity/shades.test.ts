import { generateShades, themeToCssVars } from '../../src/theme/shades';
import { SHADE_LEVELS } from '../../src/constants';

describe('theme shades', () => {
  it('generates 100, 200, 300, 500, 700, 900 with 500 the colour itself', () => {
    const s = generateShades('#1F4E8C')!;
    expect(Object.keys(s).map(Number)).toEqual([...SHADE_LEVELS]);
    expect(s[500]).toBe('#1f4e8c');
  });

  it('gets lighter towards 100 and darker towards 900', () => {
    const s = generateShades('#808080')!;
    const grey = (hex: string) => parseInt(hex.slice(1, 3), 16);
    const values = SHADE_LEVELS.map((l) => grey(s[l]));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(values[0]).toBeGreaterThan(200);
    expect(values[5]).toBeLessThan(80);
  });

  it('accepts #rgb and refuses unreadable colours', () => {
    expect(generateShades('#fff')![500]).toBe('#ffffff');
    expect(generateShades('red')).toBeNull();
    expect(generateShades('#12345g')).toBeNull();
  });

  it('maps a tenant theme to CSS variables for each colour and typography variant', () => {
    const vars = themeToCssVars({
      primaryColor: '#0b6e4f',
      secondaryColor: '#c84c09',
      backgroundColor: '#f4f1ea',
      surfaceColor: '#ffffff',
      typography: { primary: '#ffffff', error: '#b00020' },
    });
    expect(vars['--ll-primary']).toBe('#0b6e4f');
    for (const l of SHADE_LEVELS) {
      expect(vars[`--ll-primary-${l}`]).toMatch(/^#[0-9a-f]{6}$/);
      expect(vars[`--ll-surface-${l}`]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(vars['--ll-primary-contrast']).toBe('#ffffff');
    expect(vars['--ll-surface-contrast']).toBe('#1b1f24');
    expect(vars['--ll-text-error']).toBe('#b00020');
  });

  it('leaves out missing colours so the base stylesheet keeps its value', () => {
    const vars = themeToCssVars({ primaryColor: 'not-a-colour' });
    expect(vars).toEqual({});
  });
});
