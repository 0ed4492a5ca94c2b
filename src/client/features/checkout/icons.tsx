import { iconBase, type IconProps } from '../../ui/icons';

// Checkout-only icons live here rather than in ui/icons, so the home page never carries them.
const base = (props: IconProps) => iconBase({ width: 24, height: 24, strokeWidth: 1.8, focusable: false, ...props });

export const CardIcon = (p: IconProps) => (
  <svg {...base({ width: 20, height: 20, ...p })}>
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M2.5 9.5h19" strokeWidth="2.4" strokeLinecap="butt" />
    <path d="M6 15h4" />
  </svg>
);

export const CashIcon = (p: IconProps) => (
  <svg {...base({ width: 20, height: 20, ...p })}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.6" />
    <path d="M6 9.5v5M18 9.5v5" />
  </svg>
);

/** Delivery: to the diner's door. */
export const HouseIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M3.5 11 12 4l8.5 7" />
    <path d="M5.5 9.5V20h13V9.5" />
    <path d="M10 20v-5.5h4V20" />
  </svg>
);

/** Pickup: a bag from the counter. */
export const BagIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M5 8h14l-1.2 12.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </svg>
);

/** Curbside: brought out to the car. */
export const CarIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M5 11.5 6.8 7a1.5 1.5 0 0 1 1.4-1h7.6a1.5 1.5 0 0 1 1.4 1l1.8 4.5" />
    <rect x="3" y="11.5" width="18" height="5.5" rx="1.5" />
    <path d="M5.5 17v2M18.5 17v2" strokeWidth="2.4" />
    <circle cx="7.5" cy="14.2" r="0.9" fill="currentColor" stroke="none" />
    <circle cx="16.5" cy="14.2" r="0.9" fill="currentColor" stroke="none" />
  </svg>
);

export const ChevronIcon = (p: IconProps) => (
  <svg {...base({ width: 20, height: 20, strokeWidth: 2.2, ...p })}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

/** Something to do before paying: points the way rather than warning. */
export const PointIcon = (p: IconProps) => (
  <svg {...base({ width: 20, height: 20, strokeWidth: 2.2, ...p })}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5" />
    <circle cx="12" cy="16.4" r="0.6" fill="currentColor" />
  </svg>
);
