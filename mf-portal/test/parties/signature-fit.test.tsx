import { fireEvent, screen, waitFor } from '@testing-library/react';
import { f, renderInForm } from '../render-in-form';

// Issue 28: "Priya Mehta" typed on a 390-pixel phone was stored as "Priya Meh": the name was drawn at a fixed size
// past the pad's right edge. Now the whole name is drawn inside the pad, and its text is kept beside the image.
describe('a typed signature on a narrow pad', () => {
  const drawn: Array<{ text: string; font: string }> = [];
  // Text is about half as wide as its font size per character, as in a cursive face.
  const widthOf = (text: string, font: string) => text.length * Number(/(\d+)px/.exec(font)![1]) * 0.55;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 340 });
    HTMLCanvasElement.prototype.getContext = jest.fn(function ctx() {
      const c = {
        font: '',
        fillStyle: '',
        clearRect() {},
        beginPath() {},
        moveTo() {},
        lineTo() {},
        stroke() {},
        measureText: (text: string) => ({ width: widthOf(text, c.font) }),
        fillText: (text: string) => drawn.push({ text, font: c.font }),
      };
      return c;
    }) as never;
    HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,AAAA';
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });

  it('draws the whole name inside the pad and stores the typed text whole', async () => {
    const uploadSignature = jest.fn(async () => 'F-SIG');
    const { values, container } = renderInForm(f('sig', 'Sign here', 'signaturePad', { mandatory: true, displayConfigs: { height: 200 } }), { services: { uploadSignature } });
    const canvas = container.querySelector('canvas')!;
    expect(canvas.width).toBe(340);
    fireEvent.change(screen.getByLabelText('Or type your full name to sign'), { target: { value: 'Priya Mehta' } });
    const last = drawn.at(-1)!;
    expect(last.text).toBe('Priya Mehta');
    // At the pad's first size (a third of its height) the name would not fit; drawn, it does.
    expect(widthOf('Priya Mehta', 'italic 67px cursive')).toBeGreaterThan(canvas.width - 24);
    expect(widthOf(last.text, last.font)).toBeLessThanOrEqual(canvas.width - 24);
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }));
    await waitFor(() => expect(values().sig).toEqual({ type: 'signaturePad', fileId: 'F-SIG', typedName: 'Priya Mehta' }));
  });
});
