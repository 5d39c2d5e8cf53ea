/**
 * H5 build of `elements.tsx` (MENU-8): the menu list's boxes, texts, pictures and scroller as plain
 * DOM elements. Taro's H5 components are custom elements; registering, hydrating and forwarding the
 * props of the ~15 of them in a product row took longer than everything else in a scroll step, and
 * the first render of the ordering screen spent most of its time on them.
 */
import { useLayoutEffect, useRef, type CSSProperties, type UIEvent } from 'react';
import { mediaUrl } from '@/platform/media';
import type { BoxProps, PictureProps, ScrollerProps } from './elements';

export type { BoxProps, PictureProps, ScrollerProps, ScrollJump } from './elements';

const styles = new Map<string, CSSProperties>();

/** `top:12px;height:108px` → a React style object (memoised: rows repeat the same few strings). */
function styleOf(css: string | undefined): CSSProperties | undefined {
  if (!css) return undefined;
  let out = styles.get(css);
  if (!out) {
    const style: Record<string, string> = {};
    for (const decl of css.split(';')) {
      const at = decl.indexOf(':');
      if (at <= 0) continue;
      const name = decl.slice(0, at).trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      style[name] = decl.slice(at + 1).trim();
    }
    out = style as CSSProperties;
    if (styles.size > 5000) styles.clear();
    styles.set(css, out);
  }
  return out;
}

/** A block container (div). */
export function Box({ className, id, style, onClick, children }: BoxProps) {
  return (
    <div className={className} id={id} style={styleOf(style)} onClick={onClick ? () => onClick() : undefined}>
      {children}
    </div>
  );
}

/** A run of text (span). */
export function Label({ className, id, style, onClick, children }: BoxProps) {
  return (
    <span className={className} id={id} style={styleOf(style)} onClick={onClick ? () => onClick() : undefined}>
      {children}
    </span>
  );
}

/**
 * An image filling its box (object-fit in the stylesheet), loaded when it comes near the screen —
 * or, on the first screen, at once: the first rows' pictures are what a
 * customer waits for (the page's largest paint).
 */
export function Picture({ className, src, eager }: PictureProps) {
  const cls = `${className ?? ''} picture--fill`;
  if (eager) return <img className={cls} src={mediaUrl(src)} decoding="async" alt="" />;
  return <img className={cls} src={mediaUrl(src)} loading="lazy" decoding="async" alt="" />;
}

/**
 * A vertical scroll container (div with overflow), focusable so that a keyboard can scroll it. A jump
 * sets the element's scrollTop once per `seq` (a property written on every render would undo the
 * customer's own scrolling).
 */
export function Scroller({ className, id, onScroll, jumpTo, children }: ScrollerProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (jumpTo && ref.current) ref.current.scrollTop = jumpTo.top;
  }, [jumpTo]);
  return (
    <div
      ref={ref}
      className={`${className ?? ''} scroller--y`}
      id={id}
      tabIndex={0}
      onScroll={onScroll ? (e: UIEvent<HTMLDivElement>) => onScroll(e.currentTarget.scrollTop) : undefined}
    >
      {children}
    </div>
  );
}
