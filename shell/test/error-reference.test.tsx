import { act, render, screen, waitFor } from '@testing-library/react';
import { api, createHttpClient } from '@lendline/shared';
import { ErrorModal } from '../src/features/errors/error-modal';
import { installHttpHooks } from '../src/features/errors/http-hooks';
import { uiStore } from '../src/ui/ui-store';

// jsdom has no CSS.escape, which react-aria's collections use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s };

/** A server reply as fetch gives it: status, §8 body, and the x-request-id every reply of the server carries. */
const reply = (status: number, body: unknown, requestId: string) =>
  // jsdom has no Response: the parts the client reads.
  (async () => ({ ok: status < 400, status, headers: new Map([['x-request-id', requestId]]), text: async () => JSON.stringify(body) })) as unknown as typeof fetch;

describe("the error modal's reference is the failed call's request id", () => {
  beforeEach(() => uiStore.setState({ toasts: [], errorModal: null }));

  it('a §8 validation failure opens the modal with its items and the reference', async () => {
    const client = createHttpClient({ getSession: () => null, fetchImpl: reply(400, { code: 1101, message: 'Validation Failed', data: [{ label: 'amount', reason: 'is required' }] }, '0af7651916cd43dd'), isDebug: () => false });
    // The hooks the shell installs on the page's client, given to this one.
    client.setHooks({ onError: hooksOf() });
    render(<ErrorModal />);
    await act(async () => {
      await client.get('/v3/anything').catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByTestId('error-modal-reference').textContent).toBe('Reference: 0af7651916cd43dd'));
    expect(screen.getByTestId('error-modal-entry').textContent).toBe('amount - is required');
  });

  it('a server fault (no §8 body) toasts the generic text with the reference', async () => {
    const client = createHttpClient({ getSession: () => null, fetchImpl: reply(500, null, '00f067aa0ba902b7'), isDebug: () => false });
    client.setHooks({ onError: hooksOf() });
    await client.get('/v3/anything').catch(() => undefined);
    expect(uiStore.getState().toasts.map((t) => t.text)).toEqual(['Something bad happened; please try again later. Reference: 00f067aa0ba902b7']);
  });

  it('a reply without a well-formed id shows no reference', async () => {
    const client = createHttpClient({ getSession: () => null, fetchImpl: reply(400, { code: 1101, message: 'Validation Failed', data: ['bad'] }, '<script>'), isDebug: () => false });
    client.setHooks({ onError: hooksOf() });
    render(<ErrorModal />);
    await act(async () => {
      await client.get('/v3/anything').catch(() => undefined);
    });
    expect(screen.getByTestId('error-modal-entry').textContent).toBe('bad');
    expect(screen.queryByTestId('error-modal-reference')).toBeNull();
  });
});

/** The onError hook installHttpHooks gives the page's client, captured from a spy. */
function hooksOf() {
  let captured: ((...a: never[]) => void) | undefined;
  const real = api.setHooks.bind(api);
  api.setHooks = (h) => {
    captured = h.onError as never;
    real(h);
  };
  installHttpHooks();
  api.setHooks = real;
  return captured as unknown as (e: unknown, p: string) => void;
}
