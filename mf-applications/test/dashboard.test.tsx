import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { read, utils } from 'xlsx';
import { chartTables } from '../src/features/dashboard/api/chart-tables';
import { DASHBOARD_TEXTS } from '../src/features/dashboard/api/texts';
import { dashboardWorkbook } from '../src/features/dashboard/api/dashboard-xlsx';
import { ChartCard } from '../src/features/dashboard/components/chart-card';
import { dashboardData } from './support/dashboard-data';

const data = dashboardData();

describe('dashboard charts', () => {
  test('each chart is a table of exactly the figures the server gave', () => {
    const tables = chartTables(data, DASHBOARD_TEXTS.en);
    expect(tables.map((x) => x.id)).toEqual(['pipeline', 'turnaround', 'slaByTeam', 'slaTrend', 'outcomes', 'targets']);
    expect(tables[0].rows).toEqual([['Credit', 'PL', 7], ['Data Entry', 'HL', 3]]);
    expect(tables[4].rows.at(-1)).toEqual(['Total', 3, 1, 1, 75, 25]);
    expect(tables[5].title).toBe('Targets vs achieved (2020-03)');
    expect(chartTables(data, DASHBOARD_TEXTS.hi)[0].title).toBe('चरण और उत्पाद के अनुसार पाइपलाइन');
  });

  test('a chart opens its numbers as a table on demand and closes it again', () => {
    const [, , sla] = chartTables(data, DASHBOARD_TEXTS.en);
    // A bar navigates to its drill-down list, so the card lives inside a router, as on the page.
    render(<MemoryRouter><ChartCard table={sla} t={DASHBOARD_TEXTS.en} /></MemoryRouter>);
    expect(screen.getByRole('img', { name: 'SLA breaches by team: 1 rows. Open the numbers for the values.' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show numbers' }));
    const table = screen.getByRole('table', { name: 'SLA breaches by team' });
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['CREDIT324']);
    expect(screen.getByRole('button', { name: 'Hide numbers' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide numbers' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('the export holds one sheet per chart with its table', () => {
    const wb = read(dashboardWorkbook(chartTables(data, DASHBOARD_TEXTS.en), '2020-03-01 – 2020-03-02'), { type: 'array' });
    expect(wb.SheetNames).toHaveLength(6);
    const rows = utils.sheet_to_json<(string | number)[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    expect(rows).toEqual([['2020-03-01 – 2020-03-02'], [], ['Step', 'Product', 'Applications'], ['Credit', 'PL', 7], ['Data Entry', 'HL', 3]]);
  });
});
