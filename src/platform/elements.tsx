/**
 * The few element kinds the menu list is built of (MENU-8): a box, a run of text, a lazy picture and
 * a vertical scroller. Here they are Taro's components (the mini programs, and the tests); the H5
 * build resolves `elements.h5.tsx` instead, where they are plain DOM elements — a Taro H5 component
 * is a custom element whose set-up (registration, hydration, prop forwarding) cost more than the
 * React render of a product row, and rows mount on every scroll step.
 */
import type { ReactNode } from 'react';
import { Image, ScrollView, Text, View } from '@tarojs/components';
import { mediaUrl } from '@/platform/media';

export interface BoxProps {
  className?: string;
  id?: string;
  /** An inline style as a string (the H5 component layer resets object styles on re-render). */
  style?: string;
  onClick?: () => void;
  children?: ReactNode;
}

export interface PictureProps {
  className?: string;
  /** A picture the server names; resolved by `mediaUrl` (root-relative paths → the API origin). */
  src: string;
  /** On the first screen: loaded at once, first in line, instead of when it comes near the screen. */
  eager?: boolean;
}

export interface ScrollerProps {
  className?: string;
  id?: string;
  /** The scroll offset in px, on each scroll event. */
  onScroll?: (scrollTop: number) => void;
  /** Mini programs' enhanced scroll-view (the product list). */
  enhanced?: boolean;
  /**
   * A jump asked for (the category rail's): scroll to `top` px; each new `seq` is a new jump, even to
   * the same place after the customer scrolled away.
   */
  jumpTo?: ScrollJump;
  children?: ReactNode;
}

export interface ScrollJump {
  top: number;
  seq: number;
}

/** A block container (View). */
export function Box({ onClick, ...props }: BoxProps) {
  return <View {...props} onClick={onClick ? () => onClick() : undefined} />;
}

/** A run of text (Text). */
export function Label({ onClick, ...props }: BoxProps) {
  return <Text {...props} onClick={onClick ? () => onClick() : undefined} />;
}

/** A server picture filling its box, loaded when it comes near the screen (at once on the first screen). */
export function Picture({ className, src, eager }: PictureProps) {
  return <Image className={className} src={mediaUrl(src)} mode="aspectFill" lazyLoad={!eager} />;
}

/**
 * A vertical scroll container (ScrollView). A jump goes through the `scroll-top` property, which both
 * hosts document for a scroll-view (the payment app promises `NodesRef.node()` for a canvas only). A
 * host applies the property when its value changes, so consecutive jumps alternate by one pixel: a
 * second jump to the same category after the customer scrolled away still moves the list.
 */
export function Scroller({ className, id, onScroll, enhanced, jumpTo, children }: ScrollerProps) {
  return (
    <ScrollView
      scrollY
      scrollTop={jumpTo ? jumpTo.top + (jumpTo.seq % 2) : undefined}
      enhanced={enhanced}
      className={className}
      id={id}
      onScroll={onScroll ? (e: { detail: { scrollTop: number } }) => onScroll(e.detail.scrollTop) : undefined}
    >
      {children}
    </ScrollView>
  );
}
