import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeleteDialog } from '../src/features/documents/dialogs';
import { docText } from '../src/features/documents/texts';
import type { DocumentItem } from '../src/features/documents/api';

jest.mock('../src/features/documents/api', () => ({ documentsApi: { remove: jest.fn() }, fetchBlob: jest.fn() }));
const { documentsApi } = jest.requireMock('../src/features/documents/api') as { documentsApi: { remove: jest.Mock } };

const t = (key: Parameters<typeof docText>[1], params?: Record<string, string | number>) => docText('en', key, params);
const doc = { fileId: 'F-1', name: 'pan.pdf' } as DocumentItem;

describe('deleting a document', () => {
  test('asks in an alert dialog, with focus in the reason (a kit TextArea with its count); Delete sends the reason', async () => {
    documentsApi.remove.mockResolvedValue({ code: '200', message: 'Document deleted' });
    const onSaved = jest.fn();
    render(<DeleteDialog t={t} applicationId="APP-1" doc={doc} onClose={jest.fn()} onSaved={onSaved} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete pan.pdf?' });
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(document.activeElement).toBe(reason);
    const del = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'Uploaded to the wrong application' } });
    expect(dialog.textContent).toContain('33/500');
    fireEvent.click(del);
    expect(documentsApi.remove).toHaveBeenCalledWith({ application_id: 'APP-1', fileId: 'F-1', reason: 'Uploaded to the wrong application' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Document deleted'));
  });
});
