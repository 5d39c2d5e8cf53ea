/** A small modal dialog: labelled by its title, focus moved in and given back, Escape cancels. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog(props: { title: string; onCancel: () => void; children: ReactNode; className?: string }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { onCancel } = props;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('textarea, input, select, button');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onCancel]);
  return (
    <div className="modal" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div ref={ref} className={`modal__box ${props.className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          {props.title}
        </h2>
        {props.children}
      </div>
    </div>
  );
}
