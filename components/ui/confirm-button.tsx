'use client';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from './button';
import type { ConfirmDialog } from './confirm-dialog';
import { LazyConfirmDialog } from './lazy-confirm-dialog';

type DialogProps = Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'onOpenChange' | 'onConfirm'>;

interface Props extends DialogProps {
  /** The button that opens the dialog. */
  label: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** Asked before opening: false keeps the dialog closed (a form whose fields say what is missing). */
  mayOpen?(): boolean;
  /**
   * The confirmed step. It calls `close` when the dialog should go — after an answer, a refusal, or
   * either — so a slow request cannot be confirmed twice.
   */
  onConfirm(close: () => void): void;
}

/** A step that asks first: a button, and the confirmation dialog it opens (loaded when first opened). */
export function ConfirmButton({ label, variant, disabled, mayOpen, onConfirm, ...dialog }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => (mayOpen?.() ?? true) && setOpen(true)}>
        {label}
      </Button>
      {open && (
        <LazyConfirmDialog {...dialog} open onOpenChange={setOpen} onConfirm={() => onConfirm(() => setOpen(false))} />
      )}
    </>
  );
}
