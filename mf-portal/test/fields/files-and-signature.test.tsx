import { fireEvent, screen, waitFor } from '@testing-library/react';
import { f, renderInForm } from '../render-in-form';

const hub = f('kyc', 'KYC documents', 'fileUploadHub', { mandatory: true, allowed_file_types: ['pdf', 'image'] });
const file = (name: string, type: string, size: number) => {
  const x = new File(['x'], name, { type });
  Object.defineProperty(x, 'size', { value: size });
  return x;
};

describe('file upload hub', () => {
  it('refuses a wrong type and an 11 MB file before uploading; uploads the rest with progress', async () => {
    const uploadFile = jest.fn(async (f: File, _key: string, onProgress: (n: number) => void) => {
      onProgress(0.5);
      return { fileId: 'F-1', name: f.name, size: f.size, type: f.type };
    });
    const { values } = renderInForm(hub, { services: { uploadFile } });
    const input = screen.getByTestId('kyc-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('setup.exe', 'application/x-msdownload', 10), file('big.pdf', 'application/pdf', 11 * 1024 * 1024), file('pan.pdf', 'application/pdf', 2048)] } });
    await waitFor(() => expect(screen.getByText('pan.pdf')).toBeTruthy());
    expect(screen.getByText('setup.exe: File type is not allowed')).toBeTruthy();
    expect(screen.getByText('big.pdf: File size must not exceed 10 MB')).toBeTruthy();
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(values().kyc).toMatchObject({ uploadedDocuments: [{ fileId: 'F-1', name: 'pan.pdf' }] });
  });

  it('accepts a drop', async () => {
    const uploadFile = jest.fn(async (f: File) => ({ fileId: 'F-2', name: f.name, size: f.size, type: f.type }));
    renderInForm(hub, { services: { uploadFile } });
    const zone = screen.getByRole('button', { name: 'Choose files' }).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [file('photo.png', 'image/png', 100)] } });
    await waitFor(() => expect(screen.getByText('photo.png')).toBeTruthy());
  });

  it('REQUEST mode offers a link instead and records requestSent', async () => {
    const requestDocuments = jest.fn(async () => undefined);
    const { values } = renderInForm(f('inc', 'Income proof', 'fileUploadHub', { documentCollectionMode: 'REQUEST' }), { services: { requestDocuments } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await waitFor(() => expect(values().inc).toMatchObject({ requestSent: true, documentCollectionMode: 'REQUEST' }));
    expect(await screen.findByText(/We have sent you a link to upload these documents later/)).toBeTruthy();
  });

  it('REQUEST mode: a link that could not be sent says so, records nothing and can be tried again', async () => {
    const requestDocuments = jest.fn(async () => {
      throw new Error('HTTP 500');
    });
    const { values } = renderInForm(f('inc', 'Income proof', 'fileUploadHub', { documentCollectionMode: 'REQUEST' }), { services: { requestDocuments } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The link could not be sent. Please try again, or upload the documents now.');
    expect((values().inc as { requestSent?: boolean } | undefined)?.requestSent).toBeUndefined();
    expect((screen.getByRole('button', { name: 'Send me a link' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('REQUEST mode without a way to send a link (no e-mail yet) offers uploading only', () => {
    renderInForm(f('inc', 'Income proof', 'fileUploadHub', { documentCollectionMode: 'REQUEST' }), { services: {} });
    expect(screen.queryByRole('button', { name: 'Send me a link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
  });
});

describe('signature pad and OTP', () => {
  it('a typed signature is saved as a file and the value carries its fileId', async () => {
    HTMLCanvasElement.prototype.getContext = jest.fn(() => ({ clearRect() {}, fillText() {}, measureText: () => ({ width: 0 }), beginPath() {}, moveTo() {}, lineTo() {}, stroke() {} })) as never;
    HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,AAAA';
    const uploadSignature = jest.fn(async () => 'F-SIG');
    const { values } = renderInForm(f('sig', 'Sign here', 'signaturePad', { mandatory: true }), { services: { uploadSignature } });
    fireEvent.change(screen.getByLabelText('Or type your full name to sign'), { target: { value: 'Asha Rao' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }));
    // The typed name is kept whole beside the image (issue 28).
    await waitFor(() => expect(values().sig).toEqual({ type: 'signaturePad', fileId: 'F-SIG', typedName: 'Asha Rao' }));
    expect(uploadSignature).toHaveBeenCalledWith('data:image/png;base64,AAAA', 'sig');
  });

  it('OTP: send to the recipient field, verify, then shows verified', async () => {
    const sendOtp = jest.fn(async () => ({ sentTo: '******3210' }));
    const verifyOtp = jest.fn(async () => ({ verified: true }));
    const { values } = renderInForm(f('otp', 'Code', 'otp', { mandatory: true, recipient: 'mobile', length: 6 }), { services: { sendOtp, verifyOtp }, initialValues: { mobile: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByText('Code sent to ******3210')).toBeTruthy());
    expect(sendOtp).toHaveBeenCalledWith('otp', '9876543210');
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: '12a3456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(values().otp).toEqual({ type: 'otp', recipient: '9876543210', isVerified: true }));
    expect(verifyOtp).toHaveBeenCalledWith('otp', '9876543210', '123456');
  });

  it("OTP: a wrong code says how many tries are left, an expired one asks for a new code, and it stays unverified", async () => {
    const answers = [{ verified: false, reason: 'WRONG_CODE' as const, attemptsLeft: 3 }, { verified: false, reason: 'EXPIRED' as const }];
    const verifyOtp = jest.fn(async () => answers.shift()!);
    const { values } = renderInForm(f('otp', 'Code', 'otp', { mandatory: true, recipient: 'mobile', length: 6 }), { services: { sendOtp: async () => ({ sentTo: '******3210' }), verifyOtp }, initialValues: { mobile: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByText('Code sent to ******3210')).toBeTruthy());
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByText('That code is not right. 3 tries left.')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByText('That code has expired. Send a new code.')).toBeTruthy());
    expect(values().otp).toEqual({ type: 'otp', recipient: '9876543210', isVerified: false });
  });
});
