import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MicroflowAction } from '@lendline/shared';
import { f, renderInForm } from '../render-in-form';
import { planActions } from '../../src/features/fields/microflow-actions';

describe('button field with a microflow', () => {
  it('runs the configured microflow with the form values and applies an application update', async () => {
    const calls: unknown[] = [];
    const runMicroflow = async (id: string, componentId: string | undefined, values: Record<string, unknown>): Promise<MicroflowAction[]> => {
      calls.push([id, componentId, values]);
      return [{ action: 'APPLICATION_UPDATE', values: { estimatedEmi: 10747.9 } }];
    };
    const { values } = renderInForm(f('calcEmi', 'Calculate EMI', 'button', { microflow: 'EMI_CALC', componentId: 'PL_LOAN' }), {
      initialValues: { loanAmount: 500000, tenureMonths: 60 },
      services: { runMicroflow },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Calculate EMI' })));
    await waitFor(() => expect(values().estimatedEmi).toBe(10747.9));
    expect(calls).toEqual([['EMI_CALC', 'PL_LOAN', { loanAmount: 500000, tenureMonths: 60 }]]);
    expect(screen.getByRole('status').textContent).toBe('Updated.');
  });

  it('reports a PIN code that was not found as an alert', async () => {
    const runMicroflow = async (): Promise<MicroflowAction[]> => [
      { action: 'LOOKUP', key: 'pin', value: '999999', found: false },
      { action: 'VERIFY_FIELDS', fields: [{ key: 'pin', verified: false, reason: 'PIN code 999999 was not found' }] },
    ];
    renderInForm(f('lookup', 'Look up', 'button', { microflow: 'PINCODE_LOOKUP' }), { services: { runMicroflow } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Look up' })));
    expect(screen.getByRole('alert').textContent).toBe('PIN code 999999 was not found');
  });

  it('without a microflow runner or handler the button says the action is not available', async () => {
    renderInForm(f('calcEmi', 'Calculate EMI', 'button', { microflow: 'EMI_CALC' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Calculate EMI' })));
    expect(screen.getByRole('status').textContent).toBe('This action is not available here.');
  });

  it('plans files, lookups and updates from the reply in order', () => {
    const plan = planActions([
      { action: 'LOOKUP', key: 'pin', value: '560001', found: true, result: { city: 'Bengaluru', state: 'Karnataka' } },
      { action: 'APPLICATION_UPDATE', values: { a: 1 } },
      { action: 'APPLICATION_UPDATE', values: { a: 2, b: 3 } },
      { action: 'DOWNLOAD_FILE', buffer: 'JVBERg==', type: 'application/pdf', name: 'x.pdf' },
      { action: 'PREVIEW_FILE', buffer: 'JVBERg==', type: 'application/pdf', name: 'y.pdf' },
    ]);
    expect(plan.values).toEqual({ a: 2, b: 3 });
    expect(plan.found).toEqual(['Bengaluru, Karnataka']);
    expect(plan.files.map((x) => `${x.mode}:${x.name}`)).toEqual(['download:x.pdf', 'preview:y.pdf']);
  });
});
