'use client';

import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  /** Called when the reader asks to close (Escape) and the modal is dismissible. */
  onDismiss: () => void;
  /** false: Escape, close requests and clicks outside do nothing; only the modal's own buttons close it. */
  dismissible: boolean;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> (top layer, inert page behind it, focus kept inside).
 * It is open exactly while `open` is true: a close the browser forces on its own is undone.
 * On opening, focus goes to the element marked `data-autofocus`, else the first control.
 */
export function Modal({
  open,
  onDismiss,
  dismissible,
  labelledBy,
  describedBy,
  className,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef({ open, dismissible, onDismiss });
  latest.current = { open, dismissible, onDismiss };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      const target = dialog.querySelector<HTMLElement>('[data-autofocus]');
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.dismissible) latest.current.onDismiss();
    };
    const onClose = () => {
      // The browser closed it without us (e.g. a repeated Escape): keep it if it must stay.
      if (!latest.current.open) return;
      if (latest.current.dismissible) latest.current.onDismiss();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      closedby={dismissible ? 'closerequest' : 'none'}
    >
      {open ? children : null}
    </dialog>
  );
}
