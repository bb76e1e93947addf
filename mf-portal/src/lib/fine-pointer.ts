import { useEffect, useState } from 'react';

const QUERY = '(pointer: fine)';

/**
 * Is the main pointer a mouse or trackpad? Dragging files onto the page needs one; on a phone or tablet
 * (pointer: coarse) a "drop them here" would promise what the device cannot do. Follows changes (a tablet
 * docked to a keyboard with a trackpad).
 */
export function useFinePointer(): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
  const [fine, setFine] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(QUERY);
    const on = () => setFine(mq.matches);
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, []);
  return fine;
}
