import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { chartTables } from '../src/features/dashboard/api/chart-tables';
import { DASHBOARD_TEXTS } from '../src/features/dashboard/api/texts';
import { ChartCard } from '../src/features/dashboard/components/chart-card';
import { axisScale } from '../src/features/dashboard/chart/axis-scale';
import { dashboardData } from './support/dashboard-data';

// Issue 30: charts readable at a glance — no text under 12 px as drawn, the value axis titled with its unit, a legend.

// Three days, a target nearer its mark, no straight-through figures.
const data = dashboardData({
  filter: { from: '2020-03-01', to: '2020-03-03', branches: ['BR-NORTH'], products: [] },
  slaTrend: [{ day: '2020-03-01', finished: 0, breached: 0 }, { day: '2020-03-02', finished: 3, breached: 2 }, { day: '2020-03-03', finished: 1, breached: 1 }],
  targets: { period: '2020-03', officers: [{ userId: 'cpa1', product_code: '*', targetAmount: 400000, achievedAmount: 350000, targetCount: 4, achievedCount: 3 }] },
  straightThrough: { submitted: 0, straightThrough: 0, running: 0, share: 0, p50Seconds: null, p95Seconds: null, referralReasons: [] },
});

function drawn(id: string, lang: 'en' | 'hi' = 'en') {
  const table = chartTables(data, DASHBOARD_TEXTS[lang]).find((x) => x.id === id)!;
  const { container, unmount } = render(<MemoryRouter><ChartCard table={table} t={DASHBOARD_TEXTS[lang]} /></MemoryRouter>);
  const svg = container.querySelector('svg[data-testid="chart-svg"]') as SVGSVGElement;
  const texts = [...svg.querySelectorAll('text')];
  const legend = [...container.querySelectorAll('.ll-dash-legend li')].map((li) => li.textContent);
  const result = { svg, texts: texts.map((t) => t.textContent), axis: svg.querySelector('[data-testid="chart-axis"]')?.textContent, legend, sizes: texts.map((t) => Number(t.getAttribute('font-size'))) };
  unmount();
  return result;
}

describe('dashboard charts are readable at a glance', () => {
  test.each(['pipeline', 'turnaround', 'slaByTeam', 'slaTrend', 'outcomes', 'targets'])('%s: every text at 12 px or more, as drawn', (id) => {
    const { svg, sizes, texts } = drawn(id);
    expect(texts.length).toBeGreaterThan(2);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
    // One user unit is one CSS pixel: the SVG is as wide as its viewBox, so font-size 12 is 12 px on screen.
    const [, , vbWidth] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    expect(Number(svg.getAttribute('width'))).toBe(vbWidth);
  });

  test('each value axis names its unit: counts, hours, ₹ lakh', () => {
    expect(drawn('pipeline').axis).toBe('Applications (count)');
    expect(drawn('outcomes').axis).toBe('Applications (count)');
    expect(drawn('slaByTeam').axis).toBe('Steps (count)');
    expect(drawn('slaTrend').axis).toBe('Steps (count)');
    expect(drawn('turnaround').axis).toBe('Hours');
    expect(drawn('targets').axis).toBe('₹ lakh');
    expect(drawn('targets', 'hi').axis).toBe('₹ लाख');
  });

  test('the axes carry round ticks in the unit, the bars their figures, and the legend names each series', () => {
    const targets = drawn('targets');
    // ₹4,00,000 and ₹3,50,000 on a lakh axis: ticks 0, 1, 2, 3, 4 and bars labelled 4 and 3.5.
    expect(targets.texts).toEqual(expect.arrayContaining(['0', '1', '2', '3', '4', '3.50']));
    expect(targets.legend).toEqual(['Target amount', 'Achieved amount']);
    const turnaround = drawn('turnaround');
    // 1,500 minutes is 25 hours: the axis runs past it in hours; the bars keep the "1 d 1 h" reading.
    expect(turnaround.texts).toEqual(expect.arrayContaining(['0', '10', '20', '30', '2 h', '1 d 1 h']));
    expect(drawn('slaTrend').texts).toEqual(expect.arrayContaining(['2020-03-01', '2020-03-03', 'Day']));
  });

  test('axis ticks fall on round numbers from zero past the largest figure', () => {
    expect(axisScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(axisScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(axisScale(0.35).ticks.at(-1)).toBeGreaterThanOrEqual(0.35);
    expect(axisScale(123456).ticks).toEqual([0, 50000, 100000, 150000]);
  });
});
