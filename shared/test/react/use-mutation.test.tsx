import { act, renderHook } from '@testing-library/react';
import { eventBus } from '../../src/event-bus';
import { useMutation } from '../../src/react/use-mutation';

describe('useMutation', () => {
  let toasts: string[];
  let off: () => void;
  beforeEach(() => {
    toasts = [];
    off = eventBus.on('toast', (t) => toasts.push(t.text));
  });
  afterEach(() => off());

  test('busy while the change runs; then the answer is applied and the success toast shown', async () => {
    const { result } = renderHook(() => useMutation());
    let finish!: (v: string) => void;
    const applied: string[] = [];
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = result.current.run(() => new Promise<string>((r) => (finish = r)), { done: (id) => `Converted to ${id}`, then: (id) => void applied.push(id) });
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish('APP-1');
      await outcome;
    });
    await expect(outcome).resolves.toBe(true);
    expect(result.current.busy).toBe(false);
    expect(applied).toEqual(['APP-1']);
    expect(toasts).toEqual(['Converted to APP-1']);
  });

  test('a refusal shows no success toast, runs failed() and ends busy', async () => {
    const { result } = renderHook(() => useMutation());
    const failed = jest.fn();
    let ok!: boolean;
    await act(async () => {
      ok = await result.current.run(() => Promise.reject(new Error('1101')), { done: 'Note added', then: () => { throw new Error('not reached'); }, failed });
    });
    expect(ok).toBe(false);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
    expect(result.current.busy).toBe(false);
  });
});
