import { render, screen } from '@testing-library/react';
import { DASHBOARD_TEXTS } from '../src/features/dashboard/api/texts';
import { StraightThroughCard } from '../src/features/dashboard/components/straight-through-card';

const figures = { submitted: 3, straightThrough: 1, running: 0, share: 0.333, p50Seconds: 4.2, p95Seconds: 95, referralReasons: [{ code: 'BUREAU_SCORE', count: 1 }, { code: 'AMOUNT_BAND', count: 2 }] };

describe('straight-through card', () => {
  test('the share, the times and the referral reasons in words', () => {
    render(<StraightThroughCard figures={figures} t={DASHBOARD_TEXTS.en} />);
    const card = screen.getByRole('region', { name: 'Straight-through decisions' });
    expect(card.textContent).toContain('Decided with nobody touching them1');
    expect(card.textContent).toContain('Straight-through share33.3 %');
    expect(card.textContent).toContain('Submission to decision, median4 s');
    expect(card.textContent).toContain('Submission to decision, p951 min');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Bureau score: 1', 'Amount outside the band: 2']);
  });

  test('in Hindi, and a period without referrals says so', () => {
    render(<StraightThroughCard figures={{ ...figures, referralReasons: [], p50Seconds: null, p95Seconds: null }} t={DASHBOARD_TEXTS.hi} />);
    expect(screen.getByRole('region', { name: 'स्वचालित (स्ट्रेट-थ्रू) निर्णय' }).textContent).toContain('इस अवधि में कोई नहीं।');
  });
});
