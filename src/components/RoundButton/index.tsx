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
 * The main-colour round button (empty states, the home tab's member card, the member center's
 * join card): Taro's Button in the app's own style, so no component library rides in the start-up
 * code (docs/decisions.md, "No component library").
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
