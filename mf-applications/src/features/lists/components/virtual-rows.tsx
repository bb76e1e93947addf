// Its own chunk: loaded only when a page has more rows than its box shows (page sizes 25–100).
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RowWindowProps } from './row-window';

/** Only the rows in view (plus a few) are in the DOM; fixed heights keep the scroll box exact. */
export default function VirtualRows({ count, rowHeight, height, scrollRef, render }: RowWindowProps) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    // The thead takes one row of the box; jsdom and the first paint have no layout yet.
    scrollMargin: 0,
    initialRect: { width: 1024, height },
  });
  const items = virtualizer.getVirtualItems();
  return render({
    items,
    padTop: items.length ? items[0].start : 0,
    padBottom: items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  });
}
