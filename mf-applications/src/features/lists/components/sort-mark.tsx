import { ArrowDownIcon, ArrowUpIcon } from '@lendline/shared/ui/icons';

/**
 * The sorted column's arrow. Its own chunk: lists open unsorted, so the icon code is fetched on the first sort and
 * stays out of the list's first load (the area's budget). Decorative: the header's aria-sort says the order.
 */
export default function SortMark({ order }: { order: 'ASC' | 'DESC' }) {
  return order === 'ASC' ? <ArrowUpIcon className="ll-sort-mark" /> : <ArrowDownIcon className="ll-sort-mark" />;
}
