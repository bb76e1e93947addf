import { Button, Text, UNSTABLE_Toast as AriaToast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastQueue, UNSTABLE_ToastRegion as AriaToastRegion } from 'react-aria-components';
import { useKitStyles } from './styles';
import { CloseIcon } from './icons';

/** What a toast says; the same shape as the event bus's 'toast' event. */
export interface ToastContentValue {
  kind: 'info' | 'error' | 'success';
  text: string;
}

export type ToastQueue = UNSTABLE_ToastQueue<ToastContentValue>;

/** A queue for one ToastRegion. At most five show at once; the others wait their turn. */
export function createToastQueue(): ToastQueue {
  return new UNSTABLE_ToastQueue<ToastContentValue>({ maxVisibleToasts: 5 });
}

export interface ToastRegionProps {
  queue: ToastQueue;
  /** The accessible name of each toast's close button (the caller's language). */
  dismissLabel: string;
  /** The landmark's name, announced when a keyboard user jumps to it with F6. */
  label?: string;
  testId?: string;
}

/**
 * The page's toast region (§8 toasts, top center per §9). react-aria makes it a landmark (F6 reaches
 * it, and leaves it where focus was), announces new toasts, and when a focused toast closes moves
 * focus to the next one instead of dropping it on <body>.
 */
export function ToastRegion({ queue, dismissLabel, label, testId }: ToastRegionProps) {
  useKitStyles();
  return (
    <AriaToastRegion queue={queue} className="ll-toasts" aria-label={label} data-testid={testId}>
      {({ toast }) => (
        <AriaToast toast={toast} className={`ll-toast ll-toast--${toast.content.kind}`} data-kind={toast.content.kind}>
          <ToastContent>
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <Button slot="close" className="ll-toast__close" aria-label={dismissLabel}>
            <CloseIcon />
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
