import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18nStore, sessionStore } from '@lendline/shared';
import DocumentsTab from '../src/features/documents/documents-tab';
import { docText, DOC_TEXTS } from '../src/features/documents/texts';
import { kitSelect } from '@lendline/shared/testing';

const APP = 'APP-00000042';
const doc = (over: Record<string, unknown>) => ({
  fileId: 'F-aaaaaaaaaaaaaaaaaaaaaaaa', docId: 'F-aaaaaaaaaaaaaaaaaaaaaaaa', version: 1, name: 'pan.pdf', type: 'application/pdf', size: 2048, sha256: null,
  kind: 'DOCUMENT', source: 'STAFF', fieldKey: 'documents', docType: 'PAN', applicantId: `${APP}-P`, applicantType: 'primary', issueDate: null, expiryDate: null,
  verifiedBy: null, verifiedAt: null, uploadedBy: 'cpa1', createdAt: '2026-11-20T10:00:00.000Z', current: true, history: [], ...over,
});
const LIST = {
  applicants: [{ applicantId: `${APP}-P`, type: 'primary', name: 'Meera Iyer' }, { applicantId: `${APP}-S1`, type: 'secondary', name: 'Ravi Iyer' }],
  documents: [
    doc({}),
    doc({ fileId: 'F-bbbbbbbbbbbbbbbbbbbbbbbb', docId: 'F-bbbbbbbbbbbbbbbbbbbbbbbb', name: 'itr-2025.pdf', docType: 'ITR', version: 2, size: 3 * 1048576,
      history: [doc({ fileId: 'F-cccccccccccccccccccccccc', name: 'itr.pdf', docType: 'ITR', current: false })] }),
    doc({ fileId: 'F-dddddddddddddddddddddddd', docId: 'F-dddddddddddddddddddddddd', name: 'aadhaar.png', type: 'image/png', docType: 'AADHAAR', applicantId: `${APP}-S1`, applicantType: 'secondary', uploadedBy: 'portal-customer' }),
  ],
};

const calls: { url: string; body: unknown }[] = [];
/** jsdom has no fetch Response: the parts the shared client reads. */
const json = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) }, text: async () => JSON.stringify(body), json: async () => body }) as unknown as Response;
let replies: Record<string, () => Response>;

/** XMLHttpRequest stand-in: records the upload, reports progress, answers what the test says. */
class FakeXhr {
  static answer: { status: number; body: unknown } = { status: 200, body: { code: '200', data: {} } };
  static sent: { url: string; headers: Record<string, string> }[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_m: string, url: string) { this.url = url; }
  setRequestHeader(k: string, v: string) { this.headers[k] = v; }
  send() {
    FakeXhr.sent.push({ url: this.url, headers: this.headers });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  calls.length = 0;
  FakeXhr.sent = [];
  replies = { '/v3/document/list': () => json(200, { code: '200', data: LIST }) };
  sessionStore.getState().setSession({ access_token: 'tok', sessionId: 'sid' } as never);
  i18nStore.setState({ lang: 'en' });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(replies).find((k) => url.startsWith(k));
    return key ? replies[key]() : json(404, { code: 404, message: 'not found' });
  }) as typeof fetch;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});

const file = (name: string, type = 'application/pdf') => new File(['%PDF-1.4'], name, { type });

test('documents asked for and not received show as placeholders in their applicant\'s group, with who asked and when', async () => {
  const requested = [
    { fieldKey: 'incomeDocuments', label: 'Income proof (last 3 months)', applicantId: `${APP}-P`, applicantType: 'primary', via: 'REQUEST_FOR_INFORMATION', requestedBy: 'cpa1', requestedAt: '2026-11-21T04:30:00.000Z', subTaskId: '12', message: 'Please send your salary slips.' },
    { fieldKey: 'kycDocuments', label: 'Identity and address proof', applicantId: `${APP}-S1`, applicantType: 'secondary', via: 'UPLOAD_LINK', requestedBy: 'Ravi Iyer (applicant)', requestedAt: null, subTaskId: null, message: null },
  ];
  replies['/v3/document/list'] = () => json(200, { code: '200', data: { applicants: LIST.applicants, documents: [], requested } });
  render(<DocumentsTab applicationId={APP} />);
  const primary = await screen.findByRole('region', { name: 'Meera Iyer · Primary applicant' });
  const income = within(primary).getByTestId('document-requested');
  expect(income.textContent).toContain('Income proof (last 3 months) · Requested — not received · requested by cpa1 on');
  expect(income.textContent).toContain('(request for information)');
  expect(income.textContent).toContain('Please send your salary slips.');
  const co = screen.getByRole('region', { name: 'Ravi Iyer · Co-applicant' });
  expect(within(co).getByTestId('document-requested').textContent).toContain('Identity and address proof · Requested — not received · requested by Ravi Iyer (applicant) (the applicant asked for an upload link)');
  expect(screen.queryByText('No documents yet.')).toBeNull();
});

/** Runs a row's menu action the way a keyboard user does (the UI kit's Menu: ArrowDown opens, typeahead, Enter). */
async function rowAction(scope: HTMLElement, name: string) {
  const trigger = within(scope).getAllByTestId('document-more')[0];
  act(() => trigger.focus());
  fireEvent.keyDown(trigger, { key: 'ArrowDown' });
  fireEvent.keyUp(trigger, { key: 'ArrowDown' });
  const item = await screen.findByRole('menuitem', { name });
  act(() => item.focus());
  fireEvent.keyDown(item, { key: 'Enter' });
  fireEvent.keyUp(item, { key: 'Enter' });
}

test('lists documents by applicant and type with version, size and uploader', async () => {
  render(<DocumentsTab applicationId={APP} />);
  const primary = await screen.findByRole('region', { name: 'Meera Iyer · Primary applicant' });
  const itr = within(primary).getByRole('table', { name: 'ITR' });
  expect(within(itr).getByText('itr-2025.pdf')).toBeTruthy();
  expect(within(itr).getByText(/· v2 · 3\.0 MB/)).toBeTruthy(); // type, version and size on the name's second line
  // Preview is the row's button; the other actions are in its menu (the table fits its panel).
  expect(within(itr).getAllByRole('button', { name: 'Preview' })).toHaveLength(1);
  expect(within(itr).queryByRole('button', { name: 'Delete' })).toBeNull();
  const co = screen.getByRole('region', { name: 'Ravi Iyer · Co-applicant' });
  expect(within(co).getByText('portal-customer')).toBeTruthy();
  // the history shows the older version on demand
  await rowAction(itr, 'History (1)');
  expect(within(itr).getByText('itr.pdf')).toBeTruthy();
});

test('in Hindi the tab speaks Hindi', async () => {
  i18nStore.setState({ lang: 'hi' });
  render(<DocumentsTab applicationId={APP} />);
  expect(await screen.findByRole('region', { name: 'Meera Iyer · प्राथमिक आवेदक' })).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'पूर्वावलोकन' }).length).toBe(3);
  expect(Object.keys(DOC_TEXTS.hi).sort()).toEqual(Object.keys(DOC_TEXTS.en).sort());
});

test('dropped files upload one request each with the session headers; a refused one shows the server’s reason', async () => {
  render(<DocumentsTab applicationId={APP} />);
  await screen.findByText('pan.pdf');
  FakeXhr.answer = { status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'setup.pdf', reason: "The file's content is a Windows program, which cannot be uploaded" }] } };
  await act(async () => {
    fireEvent.drop(screen.getByTestId('document-drop'), { dataTransfer: { files: [file('setup.pdf'), file('b.pdf')] } });
  });
  expect(await screen.findByText("setup.pdf was refused: setup.pdf - The file's content is a Windows program, which cannot be uploaded")).toBeTruthy();
  expect(FakeXhr.sent).toHaveLength(2);
  expect(FakeXhr.sent[0].url).toBe(`/api/uploadLocalFiletoS3?app_id=${APP}`);
  expect(FakeXhr.sent[0].headers).toEqual({ access_token: 'tok', sessionId: 'sid', Accept: 'application/json' });
});

test('merge needs two selected documents and sends them in order', async () => {
  replies['/v3/mergeDocument'] = () => json(200, { code: '200', message: 'Documents merged', data: doc({ name: 'merged.pdf' }) });
  render(<DocumentsTab applicationId={APP} />);
  await screen.findByText('pan.pdf');
  const merge = screen.getByRole('button', { name: 'Merge selected (0)' }) as HTMLButtonElement;
  expect(merge.disabled).toBe(true);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select pan.pdf' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select itr-2025.pdf' }));
  fireEvent.click(screen.getByRole('button', { name: 'Merge selected (2)' }));
  fireEvent.click(within(screen.getByTestId('document-merge')).getByRole('button', { name: 'Merge' }));
  await screen.findByText('merged.pdf generated');
  expect(calls.find((c) => c.url === '/v3/mergeDocument')?.body).toEqual({ application_id: APP, fileIds: ['F-aaaaaaaaaaaaaaaaaaaaaaaa', 'F-bbbbbbbbbbbbbbbbbbbbbbbb'], fileName: 'merged.pdf' });
});

test('delete asks for a reason and sends it', async () => {
  replies['/v3/deleteDocument'] = () => json(200, { code: '200', message: 'Document deleted', data: { fileId: 'F-aaaaaaaaaaaaaaaaaaaaaaaa', versions: 1 } });
  render(<DocumentsTab applicationId={APP} />);
  await screen.findByText('pan.pdf');
  await rowAction(screen.getByRole('table', { name: 'PAN' }), 'Delete');
  const dialog = await screen.findByTestId('document-delete');
  const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong applicant' } });
  fireEvent.click(confirm);
  await screen.findByText('Document deleted');
  expect(calls.find((c) => c.url === '/v3/deleteDocument')?.body).toEqual({ application_id: APP, fileId: 'F-aaaaaaaaaaaaaaaaaaaaaaaa', reason: 'Wrong applicant' });
});

test("a new version that is the same file ('resubmission') is not an error; another save code is", async () => {
  render(<DocumentsTab applicationId={APP} />);
  await screen.findByText('pan.pdf');
  FakeXhr.answer = { status: 200, body: { code: 'resubmission', message: 'resubmission', data: doc({}) } };
  const input = within(screen.getByRole('table', { name: 'PAN' })).getByTestId('document-replace');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file('pan.pdf')] } });
  });
  expect(await screen.findByText('The same file was already saved')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  FakeXhr.answer = { status: 200, body: { code: '500', message: 'Storage is full', data: doc({}) } };
  await act(async () => {
    fireEvent.change(within(screen.getByRole('table', { name: 'PAN' })).getByTestId('document-replace'), { target: { files: [file('pan2.pdf')] } });
  });
  expect(await screen.findByText('pan2.pdf was refused: Storage is full')).toBeTruthy();
  expect(FakeXhr.sent.at(-1)?.url).toBe(`/v3/updateDocument?application_id=${APP}&fileId=F-aaaaaaaaaaaaaaaaaaaaaaaa`);
});

test('texts fill their parameters', () => {
  expect(docText('hi', 'refused', { name: 'a.pdf', reason: 'x' })).toBe('a.pdf अस्वीकार किया गया: x');
  expect(docText('fr', 'delete')).toBe('Delete');
});

test('generate PDF lists the PDF templates and posts the chosen language', async () => {
  replies['/v3/template/templateListAllVersion'] = () => json(200, { data: [{ template_id: 'KEY_FACT_STATEMENT', template_name: 'Key fact statement', template_type: 'PDF', verNum: 243 }, { template_id: 'SANCTION_LETTER', template_name: 'Sanction letter', template_type: 'PDF', verNum: 244 }] });
  replies['/pdfgenerate/generatePDF'] = () => json(200, { code: '200', message: 'PDF generated', data: doc({ name: `sanction-letter-${APP}-hi.pdf` }) });
  render(<DocumentsTab applicationId={APP} />);
  await screen.findByText('pan.pdf');
  fireEvent.click(screen.getByRole('button', { name: 'Generate PDF' }));
  const dialog = screen.getByTestId('document-generate');
  await waitFor(() => expect(kitSelect('Template', dialog).labels()).toContain('Key fact statement'));
  expect(kitSelect('Template', dialog).offered()).toEqual(['Key fact statement', 'Sanction letter']);
  expect(screen.queryByRole('listbox')).toBeNull();
  kitSelect('Template', dialog).choose('SANCTION_LETTER');
  expect(kitSelect('Template', dialog).shown()).toBe('Sanction letter');
  kitSelect('Language', dialog).choose('hi');
  expect(kitSelect('Language', dialog).shown()).toBe('Hindi');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Generate PDF' }));
  await screen.findByText(`sanction-letter-${APP}-hi.pdf generated`);
  expect(calls.find((c) => c.url === '/pdfgenerate/generatePDF')?.body).toEqual({ application_id: APP, template_id: 'SANCTION_LETTER', lang: 'hi' });
});
