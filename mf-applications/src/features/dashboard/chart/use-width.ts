import { useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_WIDTH, MIN_WIDTH } from './chart-style';

/**
 * The width of the element the chart is drawn in, followed as the card resizes. The SVG takes it as its viewBox
 * width, so it is never scaled and its 12 px text stays 12 px (a fixed viewBox in a narrow card shrank it to 8 px).
 * Measured before paint; where there is no layout (jsdom) the default width stands.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setWidth(Math.max(MIN_WIDTH, w));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
