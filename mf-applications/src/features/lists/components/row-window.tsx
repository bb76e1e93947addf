import type { ReactNode, RefObject } from 'react';

/** Which rows of a page are in the DOM, and the space that stands in for the others. */
export interface RowWindow {
  items: { index: number }[];
  padTop: number;
  padBottom: number;
  scrollToIndex(index: number): void;
}

export interface RowWindowProps {
  count: number;
  rowHeight: number;
  /** Height of the scroll box's row area, known before any data arrives. */
  height: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  render(window: RowWindow): ReactNode;
}

/** Every row: used while a page fits in its box, where virtualizing would only cost code. */
export function AllRows({ count, rowHeight, scrollRef, render }: RowWindowProps) {
  return render({
    items: Array.from({ length: count }, (_, index) => ({ index })),
    padTop: 0,
    padBottom: 0,
    scrollToIndex(index) {
      const box = scrollRef.current;
      if (!box) return;
      const top = index * rowHeight;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (top + rowHeight * 2 > box.scrollTop + box.clientHeight) box.scrollTop = top + rowHeight * 2 - box.clientHeight;
    },
  });
}
