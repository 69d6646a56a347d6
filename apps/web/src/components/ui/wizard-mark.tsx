import { useId } from 'react';

type WizardMarkProps = { size?: number; className?: string };

/** The brand's wizard-hat mark; public/favicon.svg is the same drawing. Decorative: the brand
 * name always sits next to it. */
export function WizardMark({ size = 40, className }: WizardMarkProps) {
  // Several marks can share a page; a fixed gradient id would make them all use the first one.
  const gradientId = useId();
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8a6cf7" />
          <stop offset="1" stopColor="#3d2b9c" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30.5" fill="#140c33" stroke="#f5c451" strokeWidth="3" />
      <path
        d="M17 46 L29.5 15 Q32.5 7.5 42 9.5 Q35.5 11.5 34.5 17.5 L46 46 Z"
        fill={`url(#${gradientId})`}
      />
      <path d="M19.4 40 L43.6 40 L46 46 L17 46 Z" fill="#f5c451" />
      <ellipse cx="32" cy="47" rx="21" ry="4.5" fill="#d99a1e" />
      <path
        d="M32 22.5 Q32.6 28.4 37.5 29 Q32.6 29.6 32 35.5 Q31.4 29.6 26.5 29 Q31.4 28.4 32 22.5 Z"
        fill="#ffe9a8"
      />
      <path
        d="M49 13 Q49.4 16.6 52.5 17 Q49.4 17.4 49 21 Q48.6 17.4 45.5 17 Q48.6 16.6 49 13 Z"
        fill="#ffe9a8"
      />
      <circle cx="15" cy="22" r="1.6" fill="#ffe9a8" />
      <circle cx="51" cy="32" r="1.2" fill="#ffe9a8" />
    </svg>
  );
}
