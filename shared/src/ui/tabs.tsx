import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface TabEntry {
  id: string;
  label: ReactNode;
  /** Rendered only while the tab is selected (react-aria unmounts hidden panels). */
  panel: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for assistive tech. */
  label: string;
  tabs: TabEntry[];
  selected?: string;
  defaultSelected?: string;
  onSelect?(id: string): void;
  testId?: string;
}

/**
 * Tabs: arrow keys move between tabs and select them, Home/End jump, Tab goes into the panel
 * (react-aria's tabs pattern: one tab stop for the whole list, panels labelled by their tab).
 */
export function Tabs({ label, tabs, selected, defaultSelected, onSelect, testId }: TabsProps) {
  useKitStyles();
  return (
    <AriaTabs selectedKey={selected} defaultSelectedKey={defaultSelected} onSelectionChange={(key) => onSelect?.(String(key))} data-testid={testId}>
      <TabList aria-label={label} className="ll-ui-tabs__list">
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id} className="ll-ui-tab">
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} className="ll-ui-tabs__panel">
          {t.panel}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
