import { act, render } from '@testing-library/react';
import { eventBus } from '@lendline/shared';
import { useRefreshOnWork, WORK_REFRESH_DEBOUNCE_MS } from '../src/features/lists/hooks/use-refresh-on-work';

/** Lists refresh when work arrives through the shared event bus; a burst refreshes once; unmounted, never. */
function Probe({ reload }: { reload: () => void }) {
  useRefreshOnWork(reload);
  return null;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('ten notifications in a second reload the list once, after the burst; none after unmount', () => {
  const reload = jest.fn();
  const view = render(<Probe reload={reload} />);
  for (let i = 0; i < 10; i++) {
    act(() => eventBus.emit('notification:new', { notificationId: String(i), type: 'ASSIGNED', applicationId: 'APP-1' }));
    act(() => void jest.advanceTimersByTime(100));
  }
  expect(reload).not.toHaveBeenCalled();
  act(() => void jest.advanceTimersByTime(WORK_REFRESH_DEBOUNCE_MS));
  expect(reload).toHaveBeenCalledTimes(1);
  view.unmount();
  act(() => eventBus.emit('notification:new', { notificationId: '11', type: 'TEAM' }));
  act(() => void jest.advanceTimersByTime(WORK_REFRESH_DEBOUNCE_MS * 2));
  expect(reload).toHaveBeenCalledTimes(1);
});
