import { Button, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from 'react-aria-components';
import { useKitStyles } from './styles';
import { ChevronDownIcon } from './icons';

export interface SelectOption {
  id: string;
  label: string;
  /** The language the label is written in, when it is not the page's (a language's own name in a language choice). */
  lang?: string;
}

export interface SelectProps {
  label: string;
  options: SelectOption[];
  value: string | null;
  onChange(id: string): void;
  placeholder?: string;
  isDisabled?: boolean;
  testId?: string;
}

/**
 * A select whose list is styled like the rest of the kit (a native <select> popup is not themeable):
 * it still behaves like one for the keyboard — arrows, typeahead, Enter, Escape — and for screen
 * readers (a labelled button that opens a listbox), and a hidden native select keeps forms working.
 */
export function Select({ label, options, value, onChange, placeholder, isDisabled, testId }: SelectProps) {
  useKitStyles();
  return (
    <AriaSelect className="ll-ui-field" selectedKey={value} onSelectionChange={(key) => key != null && onChange(String(key))} placeholder={placeholder} isDisabled={isDisabled} data-testid={testId}>
      <Label>{label}</Label>
      <Button className="ll-ui-select__button">
        <SelectValue />
        <ChevronDownIcon />
      </Button>
      <Popover className="ll-ui-popover">
        <ListBox className="ll-ui-listbox" items={options}>
          {(o) => (
            <ListBoxItem id={o.id} className="ll-ui-listbox__item" textValue={o.label}>
              {o.lang ? <span lang={o.lang}>{o.label}</span> : o.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
