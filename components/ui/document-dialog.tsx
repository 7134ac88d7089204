'use client';
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { Button } from './button';

// The dialog primitive stays off the first load of /signup (the 20 kB budget, e2e/bundle-budget.spec.ts).
const DocumentDialogContent = dynamic(
  () => import('./document-dialog-content').then((module) => module.DocumentDialogContent),
  { ssr: false },
);

interface Props {
  title: string;
  /** One paragraph per entry. */
  paragraphs: readonly string[];
  /** The text's version, shown under the title. */
  version?: string;
  /** The trigger's accessible name; it shows "보기". */
  triggerLabel: string;
}

/** A text to read in full (terms, a policy): a small "보기" button opens it in a Radix dialog. */
export function DocumentDialog({ title, paragraphs, version, triggerLabel }: Props) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="link"
        className="shrink-0 text-sm underline underline-offset-2"
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        보기
      </Button>
      {open && (
        <DocumentDialogContent
          title={title}
          paragraphs={paragraphs}
          version={version}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}
