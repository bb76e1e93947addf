// The product's icon set ('@lendline/shared/ui/icons'): SVG icons from lucide-react instead of emoji and unicode
// symbols, which render as empty boxes on a machine without an emoji font. Not a Module Federation singleton (icons
// hold no state), so each area's bundle tree-shakes to the icons it uses; add an icon here before using it.
import { ArrowDown, ArrowRight, ArrowUp, Bell, Check, ChevronDown, Menu, TriangleAlert, X } from 'lucide-react';
import { icon } from './icon';

export type { IconProps } from './icon';
export const BellIcon = /*#__PURE__*/ icon(Bell, 'bell');
export const ChevronDownIcon = /*#__PURE__*/ icon(ChevronDown, 'chevron-down');
export const CheckIcon = /*#__PURE__*/ icon(Check, 'check');
export const CloseIcon = /*#__PURE__*/ icon(X, 'close');
export const AlertIcon = /*#__PURE__*/ icon(TriangleAlert, 'alert');
export const ArrowUpIcon = /*#__PURE__*/ icon(ArrowUp, 'arrow-up');
export const ArrowDownIcon = /*#__PURE__*/ icon(ArrowDown, 'arrow-down');
export const ArrowRightIcon = /*#__PURE__*/ icon(ArrowRight, 'arrow-right');
export const MenuIcon = /*#__PURE__*/ icon(Menu, 'menu');
