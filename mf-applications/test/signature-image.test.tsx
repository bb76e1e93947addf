import { render, screen } from '@testing-library/react';
import { SignatureImage } from '../src/features/detail/components/signature-image';

/** Issue 26: a signature pad's value shows as the signature image in the summary, the text until then or instead. */
describe('SignatureImage', () => {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    (URL as unknown as { createObjectURL: () => string }).createObjectURL = () => 'blob:signature';
    (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test('fetches the stored image through the documents route and shows it', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, headers: new Headers({ 'content-type': 'image/png' }), blob: async () => new Blob(['x'], { type: 'image/png' }) }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(<SignatureImage applicationId="APP-1" fileId="F-1" label="Sign here" fallback="Signed" />);
    const img = await screen.findByRole('img', { name: 'Signature: Sign here' });
    expect(img.getAttribute('src')).toBe('blob:signature');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/v3/document/file?application_id=APP-1&fileId=F-1');
  });

  test('a refused read keeps the text', async () => {
    const fetchMock = jest.fn(async () => ({ ok: false, headers: new Headers({ 'content-type': 'application/json' }), blob: async () => new Blob() }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(<SignatureImage applicationId="APP-1" fileId="F-1" label="Sign here" fallback="Signed" />);
    expect(await screen.findByText('Signed')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('img')).toBeNull();
  });
});
