import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { SignatureValue } from '@lendline/shared/form-engine';
import { fieldLabel, numericBound } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useFieldServices } from './field-services';
import { useConfigField } from './use-config-field';

/**
 * Signature on a canvas (finger, pen or mouse). For keyboard and screen-reader users there is a typed
 * alternative that draws the typed name. "Save signature" stores it as a file (POST /api/uploadSignaturetoS3) and
 * the field's value becomes {type: 'signaturePad', fileId}.
 */
export function SignaturePadField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<SignatureValue | null>(field, name, disabled);
  const services = useFieldServices();
  const ids = fieldIds(name);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // Ink drawn by hand since the last clear: the typed name then no longer says all the signature holds.
  const drawn = useRef(false);
  const [inked, setInked] = useState(false);
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const height = numericBound(field.field_type_details.displayConfigs?.height) ?? 160;
  const saved = !!input.value?.fileId;

  const ctx = () => canvas.current?.getContext('2d') ?? null;
  useEffect(() => {
    // Match the bitmap to the displayed width so strokes are not blurred or offset on a phone.
    const c = canvas.current;
    if (c && c.clientWidth) c.width = c.clientWidth;
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * e.currentTarget.width) / (r.width || 1), ((e.clientY - r.top) * e.currentTarget.height) / (r.height || 1)] as const;
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const c = ctx();
    if (!c) return;
    drawing.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const [x, y] = point(e);
    c.lineWidth = 2;
    c.lineCap = 'round';
    c.strokeStyle = '#111';
    c.beginPath();
    c.moveTo(x, y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const c = ctx();
    if (!c) return;
    const [x, y] = point(e);
    c.lineTo(x, y);
    c.stroke();
    drawn.current = true;
    setInked(true);
  };
  const up = () => {
    drawing.current = false;
  };
  const clear = () => {
    const c = ctx();
    if (c && canvas.current) c.clearRect(0, 0, canvas.current.width, canvas.current.height);
    drawn.current = false;
    setInked(false);
    setTyped('');
    setStatus(null);
    input.onChange({ type: 'signaturePad', fileId: null });
  };
  const drawTyped = (text: string) => {
    setTyped(text);
    const c = ctx();
    if (!c || !canvas.current) return;
    c.clearRect(0, 0, canvas.current.width, canvas.current.height);
    drawn.current = false;
    // The whole name on the pad, whatever its length and the phone's width: the font shrinks until the name fits
    // (at a fixed size "Priya Mehta" ran past a 390-pixel-wide phone's pad and was stored as "Priya Meh", issue 28).
    const room = canvas.current.width - 24;
    let size = Math.round(height / 3);
    c.font = `italic ${size}px cursive, serif`;
    while (size > 8 && c.measureText(text).width > room) {
      size -= 2;
      c.font = `italic ${size}px cursive, serif`;
    }
    c.fillStyle = '#111';
    c.fillText(text, 12, height * 0.6);
    setInked(text.trim() !== '');
  };
  const save = async () => {
    if (!canvas.current || !inked) return;
    if (!services.uploadSignature) {
      setStatus(t('portal.fields.signatureUnavailable', undefined, 'Saving a signature is not available here.'));
      return;
    }
    setBusy(true);
    try {
      const fileId = await services.uploadSignature(canvas.current.toDataURL('image/png'), field.key);
      // A typed signature keeps its text whole beside the image, so staff read the same name the applicant typed.
      const typedName = !drawn.current && typed.trim() ? typed.trim() : undefined;
      input.onChange({ type: 'signaturePad', fileId, ...(typedName ? { typedName } : {}) });
      setStatus(t('portal.fields.signatureSaved', undefined, 'Signature saved.'));
    } catch (e) {
      setStatus(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      input.onBlur();
    }
  };
  const label = fieldLabel(field);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      <canvas
        ref={canvas}
        className="ll-signature"
        width={600}
        height={height}
        style={{ height }}
        role="img"
        aria-label={saved ? t('portal.fields.signatureDone', { label }, `${label}: signed`) : t('portal.fields.signatureArea', { label }, `${label}: drawing area`)}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerLeave={up}
      />
      <label className="ll-field" htmlFor={`${ids.input}-typed`}>
        <span>{t('portal.fields.typeSignature', undefined, 'Or type your full name to sign')}</span>
        <input id={`${ids.input}-typed`} type="text" maxLength={80} value={typed} disabled={disabled} onChange={(e) => drawTyped(e.target.value)} />
      </label>
      <div className="ll-inline">
        <button
          type="button"
          id={ids.input}
          disabled={disabled || busy || !inked}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy(errorMessage && ids.error)}
          onClick={save}
        >
          {t('portal.fields.saveSignature', undefined, 'Save signature')}
        </button>
        <button type="button" className="ll-button--secondary" disabled={disabled || busy} onClick={clear}>
          {t('portal.fields.clear', undefined, 'Clear')}
        </button>
      </div>
      {(status || saved) && (
        <p className="ll-muted" role="status">
          {status ?? t('portal.fields.signatureSaved', undefined, 'Signature saved.')}
        </p>
      )}
    </FieldFrame>
  );
}
