/**
 * The few icons the layout needs, inline so no icon library ships to the browser. Chakra v3's
 * Icon styles its child element, which must be the <svg> itself (a bare <path> renders nothing).
 */
import { Icon, type IconProps } from '@chakra-ui/react';

function strokeIcon(d: string, size: IconProps['boxSize']) {
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon asChild boxSize={size} flexShrink={0} {...props}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d={d} />
        </svg>
      </Icon>
    );
  };
}

export const ChevronDownIcon = strokeIcon('M6 9l6 6 6-6', '4');
export const MenuIcon = strokeIcon('M3 6h18M3 12h18M3 18h18', '6');
export const CloseIcon = strokeIcon('M6 6l12 12M18 6L6 18', '6');
export const ChevronLeftIcon = strokeIcon('M15 6l-6 6 6 6', '5');
export const ChevronRightIcon = strokeIcon('M9 6l6 6-6 6', '5');
export const ChevronUpIcon = strokeIcon('M6 15l6-6 6 6', '4');
