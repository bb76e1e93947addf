import type { ReactNode } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface MenuEntry {
  id: string;
  label: string;
  disabled?: boolean;
}

export interface MenuProps {
  /** What the trigger button shows. */
  label: ReactNode;
  /** The trigger's accessible name when `label` is only an icon. */
  ariaLabel?: string;
  items: MenuEntry[];
  onAction(id: string): void;
  testId?: string;
  buttonClassName?: string;
  /** The trigger is disabled (nothing to choose). */
  isDisabled?: boolean;
}

/**
 * A menu button: Enter, Space or ArrowDown opens it on the first item, arrows and typeahead move,
 * Escape closes and gives focus back to the button (react-aria's menu pattern).
 */
export function Menu({ label, ariaLabel, items, onAction, testId, isDisabled, buttonClassName = 'll-ui-button ll-ui-button--secondary' }: MenuProps) {
  useKitStyles();
  return (
    <MenuTrigger>
      <Button className={buttonClassName} aria-label={ariaLabel} data-testid={testId} isDisabled={isDisabled}>
        {label}
      </Button>
      <Popover className="ll-ui-popover" placement="bottom end">
        <AriaMenu className="ll-ui-menu" items={items} disabledKeys={items.filter((i) => i.disabled).map((i) => i.id)} onAction={(key) => onAction(String(key))}>
          {(item) => (
            <MenuItem id={item.id} className="ll-ui-menu__item">
              {item.label}
            </MenuItem>
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
