'use client';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from './button';

interface Props {
  /** Controlled: the caller opens it (a button elsewhere) and closes it when the action is done. */
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** What the customer agrees to: read out with the title. */
  description: ReactNode;
  /** Extra content between the description and the buttons (an amount breakdown, a card). */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  /**
   * The console's confirmations of what cannot be undone (an operator's refund) are shown in red. A
   * customer's confirmation never is: its two answers look alike, neither pushed (issue 33).
   */
  destructive?: boolean;
  onConfirm?(): void;
  /** The id of a form inside (e.g. a password): the confirm button submits it, as Enter in it does. */
  confirmForm?: string;
}

/**
 * The one confirmation dialog (Radix AlertDialog): focus moves in and is trapped, Escape and 취소
 * close it, the page behind is inert. Its two answers are the same size and look (`choice`). A long value (an address, a name) wraps anywhere rather than
 * widen the dialog past a phone's screen. The confirm button does not close it by itself — the caller
 * closes it when the action has an answer, so a slow request cannot be confirmed twice.
 */
export function ConfirmDialog(props: Props) {
  const { open, onOpenChange, title, description, children, pending = false } = props;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-xl bg-white p-6 shadow-xl [overflow-wrap:anywhere]">
          <AlertDialog.Title className="m-0 text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-fg">{description}</div>
          </AlertDialog.Description>
          {children}
          <div className="choice-row mt-2">
            <AlertDialog.Cancel className={buttonClassName('choice')} disabled={pending}>
              {props.cancelLabel ?? '취소'}
            </AlertDialog.Cancel>
            <Button
              type={props.confirmForm ? 'submit' : 'button'}
              form={props.confirmForm}
              variant={props.destructive ? 'danger' : 'choice'}
              pending={pending}
              pendingLabel={props.pendingLabel ?? '처리 중…'}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
