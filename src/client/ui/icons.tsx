import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** The line-icon look every icon shares; a feature's own icons start from it too. */
export const iconBase = (props: IconProps) => ({
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  ...props,
});

export const CartIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
    <circle cx="10" cy="20" r="1.4" />
    <circle cx="17" cy="20" r="1.4" />
  </svg>
);
export const MenuIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const PhoneIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </svg>
);
export const MinusIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M5 12h14" />
  </svg>
);
export const PlusIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const TrashIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </svg>
);
export const SearchIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);
/**
 * Points the way on (to the next step). It carries `icon--directional`, so it points left when the
 * text runs right to left; icons without a direction (search, close, up) never flip.
 */
export const ForwardIcon = ({ className, ...p }: IconProps) => (
  <svg {...iconBase({ width: 18, height: 18, strokeWidth: 2.2, className: className ? `icon--directional ${className}` : 'icon--directional', ...p })}>
    <path d="m9 5 7 7-7 7" />
  </svg>
);
export const ArrowUpIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);
export const InfoIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </svg>
);
export const OfflineIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18" />
  </svg>
);
