'use client';
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClassName } from './button';

export interface DocumentDialogContentProps {
  title: string;
  /** One paragraph per entry. */
  paragraphs: readonly string[];
  /** The text's version (what a consent to it records), shown under the title. */
  version?: string;
  onClose(): void;
}

/** The open dialog of DocumentDialog, in its own chunk (loaded when first opened). */
export function DocumentDialogContent({ title, paragraphs, version, onClose }: DocumentDialogContentProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          // Without a version there is nothing to describe: the text itself follows the title.
          {...(version ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="m-0 text-lg font-bold">{title}</Dialog.Title>
          {version && <Dialog.Description className="m-0 text-xs text-muted">버전 {version}</Dialog.Description>}
          {/* A scrolling text must be reachable by keyboard to be scrolled: the region takes focus. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
          <section className="overflow-y-auto pr-1 text-[0.95rem] leading-relaxed" tabIndex={0} aria-label={title}>
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
          <div className="flex justify-end">
            <Dialog.Close className={buttonClassName()}>닫기</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
