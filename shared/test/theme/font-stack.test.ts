import { fontStack, themeToCssVars } from '../../src/common';

describe('the font stack', () => {
  it('puts the product fonts (Latin, then Devanagari) first, then the system fonts', () => {
    expect(fontStack()).toBe('"Noto Sans", "Noto Sans Devanagari", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif');
  });

  it("keeps a tenant's named fonts after the product's, without repeating the generic ones", () => {
    expect(themeToCssVars({ fontFamily: "'Inter', 'Segoe UI', Roboto, sans-serif" })['--ll-font-family']).toBe(
      '"Noto Sans", "Noto Sans Devanagari", "Inter", "Segoe UI", "Roboto", system-ui, -apple-system, sans-serif',
    );
  });
});
