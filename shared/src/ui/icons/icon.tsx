import type { LucideIcon } from 'lucide-react';
import type { CSSProperties } from 'react';

export interface IconProps {
  /** Say what the icon means when nothing beside it does (it then reads as an image with this name); otherwise it is decorative and hidden from assistive technology. */
  label?: string;
  /** Edge in px (default 1em, the size of the text beside it). */
  size?: number | string;
  className?: string;
}

const STYLE: CSSProperties = { verticalAlign: '-0.125em', flexShrink: 0 };

/**
 * An SVG icon from lucide-react in the kit's one way: drawn in the text's colour at the text's size, decorative
 * (aria-hidden) unless given a label. Built per icon with a pure call so an area's bundle keeps only the icons it uses.
 */
export function icon(Glyph: LucideIcon, name: string) {
  function Icon({ label, size = '1em', className }: IconProps) {
    return (
      <Glyph
        size={size}
        strokeWidth={2.25}
        className={className ? `ll-icon ${className}` : 'll-icon'}
        style={STYLE}
        focusable="false"
        data-icon={name}
        {...(label ? { role: 'img', 'aria-label': label, 'aria-hidden': undefined } : { 'aria-hidden': true })}
      />
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}
