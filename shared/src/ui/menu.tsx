import type { ReactNode } from 'react';
import { Button, Header, Menu as AriaMenu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { CheckIcon } from './icons';
import { useKitStyles } from './styles';

export interface MenuEntry {
  id: string;
  label: string;
  disabled?: boolean;
  /** The label's language when it differs from the page's (a language's own name: "हिन्दी"). */
  lang?: string;
}

/** A group of entries under a heading; with `selectedId` its entries are a one-of choice (menuitemradio, checked). */
export interface MenuSectionDef {
  id: string;
  /** The group's heading (omit for a group of plain actions such as "Log out"). */
  title?: string;
  items: MenuEntry[];
  /** The entry currently chosen: the section becomes a single choice and shows the check on it. */
  selectedId?: string;
}

export interface MenuProps {
  /** What the trigger button shows. */
  label: ReactNode;
  /** The trigger's accessible name when `label` is only an icon. */
  ariaLabel?: string;
  /** A flat list of actions; or `sections` for grouped ones. */
  items?: MenuEntry[];
  sections?: MenuSectionDef[];
  onAction(id: string): void;
  testId?: string;
  buttonClassName?: string;
  /** The trigger is disabled (nothing to choose). */
  isDisabled?: boolean;
}

function Entry({ item, selectable }: { item: MenuEntry; selectable: boolean }) {
  return (
    <MenuItem id={item.id} textValue={item.label} className="ll-ui-menu__item" isDisabled={item.disabled}>
      {({ isSelected }) => (
        <>
          {selectable && <span className="ll-ui-menu__check">{isSelected && <CheckIcon />}</span>}
          <span lang={item.lang}>{item.label}</span>
        </>
      )}
    </MenuItem>
  );
}

/**
 * A menu button: Enter, Space or ArrowDown opens it on the first item, arrows and typeahead move,
 * Escape closes and gives focus back to the button (react-aria's menu pattern). Sections group entries under a
 * heading; a section with a chosen entry is a radio group (the user menu's language and tenant).
 */
export function Menu({ label, ariaLabel, items, sections, onAction, testId, isDisabled, buttonClassName = 'll-ui-button ll-ui-button--secondary' }: MenuProps) {
  useKitStyles();
  const groups: MenuSectionDef[] = sections ?? [{ id: 'items', items: items ?? [] }];
  const disabledKeys = groups.flatMap((g) => g.items.filter((i) => i.disabled).map((i) => i.id));
  return (
    <MenuTrigger>
      <Button className={buttonClassName} aria-label={ariaLabel} data-testid={testId} isDisabled={isDisabled}>
        {label}
      </Button>
      <Popover className="ll-ui-popover" placement="bottom end">
        <AriaMenu className="ll-ui-menu" disabledKeys={disabledKeys} onAction={(key) => onAction(String(key))}>
          {sections
            ? groups.flatMap((g, i) => {
                const section = (
                  <MenuSection
                    key={g.id}
                    id={g.id}
                    className="ll-ui-menu__section"
                    selectionMode={g.selectedId !== undefined ? 'single' : 'none'}
                    selectedKeys={g.selectedId !== undefined ? [g.selectedId] : []}
                    disallowEmptySelection
                  >
                    {g.title && <Header className="ll-ui-menu__header">{g.title}</Header>}
                    {g.items.map((item) => (
                      <Entry key={item.id} item={item} selectable={g.selectedId !== undefined} />
                    ))}
                  </MenuSection>
                );
                return i > 0 ? [<Separator key={`${g.id}-sep`} className="ll-ui-menu__separator" />, section] : [section];
              })
            : groups[0].items.map((item) => <Entry key={item.id} item={item} selectable={false} />)}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
