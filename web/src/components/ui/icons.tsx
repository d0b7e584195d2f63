/** The few icons the layout needs, inline so no icon library ships to the browser. */
import { Icon, type IconProps } from '@chakra-ui/react';

export const ChevronDownIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" boxSize="4" aria-hidden="true" {...props}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M6 9l6 6 6-6" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" boxSize="6" aria-hidden="true" {...props}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M3 6h18M3 12h18M3 18h18" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" boxSize="6" aria-hidden="true" {...props}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" boxSize="5" aria-hidden="true" {...props}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M15 6l-6 6 6 6" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" boxSize="5" aria-hidden="true" {...props}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M9 6l6 6-6 6" />
  </Icon>
);
