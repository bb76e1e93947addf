import { refusalText } from '@lendline/shared';
import { createStore } from 'zustand/vanilla';
import { documentsApi, uploadFile, uploadPath, type DocumentsTabData } from './api';

export interface UploadEntry {
  id: number;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'refused';
  reason?: string;
}

export interface DocumentsState {
  applicationId: string;
  data: DocumentsTabData | null;
  loading: boolean;
  error: string | null;
  uploads: UploadEntry[];
  selected: string[];
  load(): Promise<void>;
  /** Several files at once (drag and drop or the picker): one request each, each with its own progress. */
  upload(files: File[], meta: { applicantId?: string; docType?: string }): Promise<void>;
  toggle(fileId: string): void;
  clearSelection(): void;
}

let seq = 0;

/** One store per open documents tab (the list, the uploads in flight, the selection for a merge). */
export function createDocumentsStore(applicationId: string, onChanged?: () => void) {
  return createStore<DocumentsState>((set, get) => ({
    applicationId,
    data: null,
    loading: false,
    error: null,
    uploads: [],
    selected: [],
    async load() {
      set({ loading: true, error: null });
      try {
        const data = await documentsApi.list(applicationId);
        set({ data, loading: false, selected: get().selected.filter((id) => data.documents.some((d) => d.fileId === id)) });
      } catch (e) {
        set({ loading: false, error: refusalText(e) });
      }
    },
    async upload(files, meta) {
      const entries = files.map((f) => ({ id: ++seq, name: f.name, progress: 0, status: 'uploading' as const }));
      set({ uploads: [...entries, ...get().uploads].slice(0, 20) });
      const patch = (id: number, p: Partial<UploadEntry>) => set({ uploads: get().uploads.map((u) => (u.id === id ? { ...u, ...p } : u)) });
      await Promise.all(
        files.map(async (file, i) => {
          const id = entries[i].id;
          try {
            await uploadFile(uploadPath(applicationId, meta.applicantId, meta.docType), file, (progress) => patch(id, { progress }));
            patch(id, { progress: 1, status: 'done' });
          } catch (e) {
            patch(id, { status: 'refused', reason: refusalText(e) });
          }
        }),
      );
      await get().load();
      onChanged?.();
    },
    toggle(fileId) {
      const s = get().selected;
      set({ selected: s.includes(fileId) ? s.filter((x) => x !== fileId) : [...s, fileId] });
    },
    clearSelection() {
      set({ selected: [] });
    },
  }));
}
export type DocumentsStore = ReturnType<typeof createDocumentsStore>;
