import type { ButtonHTMLAttributes } from 'react';

interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  pending: boolean;
  pendingLabel: string;
}

/** Disabled while its request runs, so a double click cannot send it twice. */
export function SubmitButton({ pending, pendingLabel, children, ...button }: SubmitButtonProps) {
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined} {...button}>
      {pending ? pendingLabel : children}
    </button>
  );
}
