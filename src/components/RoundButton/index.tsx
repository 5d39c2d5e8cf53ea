import type { ReactNode } from 'react';
import { Button } from '@tarojs/components';
import './index.scss';

export interface RoundButtonProps {
  /** `small` for a button inside a card row (the member card of the home tab). */
  size?: 'normal' | 'small';
  className?: string;
  onClick?: () => void;
  children?: ReactNode;
}

/**
 * The main-colour button of the main package's screens (empty states, the home tab's member card).
 * NutUI's Button draws the same thing, but its script and its style sheet (every type, size and
 * state) would sit in the start-up code of every page; NutUI stays with the subpackage pages.
 */
export function RoundButton({ size = 'normal', className, onClick, children }: RoundButtonProps) {
  return (
    <Button
      className={`round-button round-button--${size}${className ? ` ${className}` : ''}`}
      hoverClass="none"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
