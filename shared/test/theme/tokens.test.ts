import { CONTROL_SIZES, TOKENS_CSS, TYPE_SCALE } from '../../src/theme/tokens';

const rootBlock = () => /:root \{([^}]*)\}/.exec(TOKENS_CSS)![1];
const decl = (block: string, name: string) => new RegExp(`${name}: ([^;]+);`).exec(block)?.[1];

describe('design tokens', () => {
  it('declare the type scale, spacing, radii and elevation on :root', () => {
    const root = rootBlock();
    expect(decl(root, '--ll-text-base')).toBe('1rem');
    expect(decl(root, '--ll-text-xs')).toBe('0.75rem'); // 12 px: the smallest text (chart labels) allowed
    expect(decl(root, '--ll-space-4')).toBe('1rem');
    expect(decl(root, '--ll-radius-md')).toBe('6px');
    expect(decl(root, '--ll-elevation-1')).toContain('rgba');
  });

  it('never go under 12 px of text', () => {
    for (const v of Object.values(TYPE_SCALE)) expect(parseFloat(v) * 16).toBeGreaterThanOrEqual(12);
  });

  it('set the regular control size on :root and switch it per density class', () => {
    expect(decl(rootBlock(), '--ll-control-height')).toBe(CONTROL_SIZES.regular.height);
    const compact = /\.ll-density-compact \{([^}]*)\}/.exec(TOKENS_CSS)![1];
    expect(decl(compact, '--ll-control-height')).toBe('2rem');
    const touch = /\.ll-density-touch \{([^}]*)\}/.exec(TOKENS_CSS)![1];
    expect(parseFloat(decl(touch, '--ll-control-height')!) * 16).toBeGreaterThanOrEqual(44);
  });

  it('build role colours on the tenant variables, with fallbacks', () => {
    expect(decl(rootBlock(), '--ll-color-border')).toBe('var(--ll-border, var(--ll-surface-300, #d6dbe1))');
    expect(decl(rootBlock(), '--ll-color-danger')).toBe('var(--ll-text-error, #b3261e)');
  });
});

describe('the one size system', () => {
  const { CONTROLS_CSS } = jest.requireActual('../../src/theme/controls') as typeof import('../../src/theme/controls');
  const rule = (selectorStart: string) => CONTROLS_CSS.split('\n').find((l) => l.startsWith(selectorStart)) ?? '';

  it('sizes native buttons and the kit button from the same variables', () => {
    const r = rule(':where(button), .ll-ui-button {');
    expect(r).toContain('min-height: var(--ll-control-height)');
    expect(r).toContain('padding: 0 var(--ll-control-pad-x)');
  });

  it('sizes text inputs, selects, the kit input, select and date field alike', () => {
    const r = CONTROLS_CSS.split('\n').find((l) => l.includes('.ll-ui-input, .ll-ui-select__button, .ll-ui-date {'))!;
    expect(r).toMatch(/^:where\(input:not\(\[type="checkbox"\]\).*, select\)/);
    expect(r).toContain('min-height: var(--ll-control-height)');
  });

  it('maps the existing secondary button classes onto one look, and table rows onto the row padding', () => {
    expect(rule(':where(.ll-button--secondary), .ll-ui-button--secondary {')).toContain('background: var(--ll-surface');
    expect(CONTROLS_CSS).toContain(':where(.ll-table) :where(th, td) { padding: var(--ll-row-pad-y)');
  });
});
