import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: 'primary' | 'secondary';
  className?: string;
  testId?: string;
}

/**
 * The kit's button: the theme's primary (or secondary) look, a focus ring only for keyboard focus
 * (react-aria's data-focus-visible), and onPress, which behaves the same for mouse, touch and keys.
 */
export function Button({ variant = 'primary', className, testId, ...rest }: ButtonProps) {
  useKitStyles();
  const cls = ['ll-ui-button', variant === 'secondary' && 'll-ui-button--secondary', className].filter(Boolean).join(' ');
  return <AriaButton {...rest} className={cls} data-testid={testId} />;
}
