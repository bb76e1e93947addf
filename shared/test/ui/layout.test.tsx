import { fireEvent, render, screen } from '@testing-library/react';
import { EmptyState, PageHeader, SectionCard, Skeleton, Toolbar } from '../../src/ui';
import { KIT_CSS } from '../../src/ui/styles';
import { TOKENS_CSS } from '../../src/theme/tokens';

describe('PageHeader', () => {
  it('shows the title as the page heading, the context line and the primary action', () => {
    render(<PageHeader title="My applications" context="Branch Pune · 42 open" actions={<button>New application</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My applications' })).toBeTruthy();
    expect(screen.getByText('Branch Pune · 42 open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New application' })).toBeTruthy();
  });

  it('renders a level-2 title and no empty context or action slots', () => {
    const { container } = render(<PageHeader title="Queries" level={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Queries' })).toBeTruthy();
    expect(container.querySelector('.ll-page-header__context')).toBeNull();
    expect(container.querySelector('.ll-page-header__actions')).toBeNull();
  });
});

describe('SectionCard', () => {
  it('is a region named by its title', () => {
    render(
      <SectionCard title="Documents" actions={<button>Upload</button>}>
        <p>Three files</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Documents' });
    expect(region.textContent).toContain('Three files');
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeTruthy();
  });
});

describe('Toolbar', () => {
  function Filters() {
    return (
      <Toolbar label="Filters" end={<button>Export</button>}>
        <button>Mine</button>
        <input aria-label="Search" defaultValue="pune" />
        <button>Team</button>
      </Toolbar>
    );
  }

  it('is a named toolbar', () => {
    render(<Filters />);
    expect(screen.getByRole('toolbar', { name: 'Filters' }).getAttribute('aria-orientation')).toBe('horizontal');
  });

  it('moves between its controls with the arrow keys, Home and End', () => {
    render(<Filters />);
    const mine = screen.getByRole('button', { name: 'Mine' });
    const team = screen.getByRole('button', { name: 'Team' });
    const exp = screen.getByRole('button', { name: 'Export' });
    const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
    team.focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(exp); // the end slot is part of the row
    key('ArrowRight');
    expect(document.activeElement).toBe(mine); // wraps around
    key('ArrowLeft');
    expect(document.activeElement).toBe(exp);
    key('Home');
    expect(document.activeElement).toBe(mine);
    key('End');
    expect(document.activeElement).toBe(exp);
  });

  it('leaves the arrow keys to a text field inside it', () => {
    render(<Filters />);
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    const notCancelled = fireEvent.keyDown(search, { key: 'ArrowRight' });
    expect(notCancelled).toBe(true);
    expect(document.activeElement).toBe(search);
  });
});

describe('EmptyState', () => {
  it('says what is missing, politely, with its way forward; the icon is hidden', () => {
    const { container } = render(
      <EmptyState icon={<svg data-testid="icon" />} title="No applications match" action={<button>Clear filters</button>}>
        <p>Try another branch.</p>
      </EmptyState>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('No applications match');
    expect(status.textContent).toContain('Try another branch.');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    expect(container.querySelector('.ll-empty-state__icon')!.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Skeleton', () => {
  it('is busy, named for what loads, with hidden placeholder rows (1 to 20)', () => {
    const { container, rerender } = render(<Skeleton label="Loading applications" rows={4} />);
    const busy = screen.getByRole('status', { name: 'Loading applications' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.ll-skeleton__row[aria-hidden="true"]')).toHaveLength(4);
    rerender(<Skeleton label="Loading" rows={500} />);
    expect(container.querySelectorAll('.ll-skeleton__row')).toHaveLength(20);
    rerender(<Skeleton label="Loading chart" variant="block" size="lg" />);
    expect(container.querySelector('.ll-skeleton__block--lg')).toBeTruthy();
    expect(container.querySelector('[style]')).toBeNull(); // no inline style: the CSP allows none
  });
});

describe('the kit sheet', () => {
  it('is added once and carries the tokens and the layout pieces', () => {
    render(
      <>
        <PageHeader title="A" />
        <SectionCard title="B">c</SectionCard>
      </>,
    );
    const sheets = document.head.querySelectorAll('#ll-ui-kit');
    expect(sheets).toHaveLength(1);
    expect(KIT_CSS.startsWith(TOKENS_CSS)).toBe(true);
    expect(sheets[0].textContent).toContain('.ll-page-header {');
    expect(sheets[0].textContent).toMatch(/--ll-space-4: 1rem;/);
  });
});
