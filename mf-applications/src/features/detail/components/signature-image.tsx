import { useEffect, useState } from 'react';
import { buildHeaders, DOCUMENTS, sessionStore, useT } from '@lendline/shared';

/**
 * A signature pad's value shown as the signature itself (issue 26: signature images inline in the summary): the
 * stored image is fetched with the session headers through the documents route (the same access rule as any
 * document) and shown from an object URL (CSP img-src blob:). Until it arrives, or if it cannot be read, the text.
 */
export function SignatureImage({ applicationId, fileId, label, fallback, typedName }: { applicationId: string; fileId: string; label: string; fallback: string; typedName?: string }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    const path = `${DOCUMENTS.file}?application_id=${encodeURIComponent(applicationId)}&fileId=${encodeURIComponent(fileId)}`;
    fetch(path, { headers: buildHeaders({ method: 'GET', path, session: sessionStore.getState().session }) })
      .then((r) => (r.ok && (r.headers.get('content-type') ?? '').startsWith('image/') ? r.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [applicationId, fileId]);
  // A typed signature's text, whole, as the applicant typed it (issue 28): the image is that name drawn on the pad.
  const typed = typedName ? (
    <span className="ll-muted" data-testid="signature-typed">
      {t('parties.staff.typed', { name: typedName }, 'Typed: {name}')}
    </span>
  ) : null;
  if (!url) return typed ?? <>{fallback}</>;
  return (
    <>
      <img src={url} alt={t('signatureImage.alt', { field: label }, 'Signature: {field}')} className="ll-signature-image" data-testid="signature-image" style={{ maxHeight: '6rem', maxWidth: '100%', background: '#fff', border: '1px solid var(--ll-border)', display: 'block' }} />
      {typed}
    </>
  );
}
