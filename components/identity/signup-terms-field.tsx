'use client';
import { useEffect, useRef } from 'react';
import { DocumentDialog } from '@/components/ui/document-dialog';
import { SIGNUP_TERMS, type SignupTermKind } from '@/lib/consents/client';

export type TermsChecked = Record<SignupTermKind, boolean>;
export const NONE_CHECKED: TermsChecked = { terms: false, privacy: false, marketing: false };

interface Props {
  checked: TermsChecked;
  onChange(next: TermsChecked): void;
  /** The server's or the form's word per agreement (`consents.terms`, …). */
  errors?: Record<string, string>;
  disabled?: boolean;
}

/**
 * The signup agreements: each box starts unchecked and each text can be read in full; "전체 동의"
 * checks or clears them all and shows whether all (checked), some (mixed) or none are given.
 */
export function SignupTermsField({ checked, onChange, errors = {}, disabled }: Props) {
  const all = SIGNUP_TERMS.every((term) => checked[term.kind]);
  const some = SIGNUP_TERMS.some((term) => checked[term.kind]);
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = some && !all;
  }, [some, all]);

  return (
    <fieldset className="m-0 flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
      <legend className="px-1 font-semibold">약관 동의</legend>
      <div className="checkbox-field border-b border-line pb-3">
        <input
          ref={allBox}
          id="terms-all"
          type="checkbox"
          checked={all}
          disabled={disabled}
          onChange={(event) =>
            onChange({ terms: event.target.checked, privacy: event.target.checked, marketing: event.target.checked })
          }
        />
        <label htmlFor="terms-all">전체 동의</label>
      </div>
      <p className="m-0 text-sm text-muted">전체 동의에는 선택 항목(마케팅 정보 수신)이 포함됩니다.</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {SIGNUP_TERMS.map((term) => {
          const id = `terms-${term.kind}`;
          const error = errors[`consents.${term.kind}`];
          return (
            <li key={term.kind}>
              <div className="flex items-center justify-between gap-3">
                <div className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="h-[1.15rem] w-[1.15rem] shrink-0"
                    checked={checked[term.kind]}
                    disabled={disabled}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => onChange({ ...checked, [term.kind]: event.target.checked })}
                  />
                  <label htmlFor={id}>
                    {term.title} ({term.required ? '필수' : '선택'})
                  </label>
                </div>
                <DocumentDialog
                  title={term.title}
                  paragraphs={term.body}
                  version={term.version}
                  triggerLabel={`${term.title} 보기`}
                />
              </div>
              {error && (
                <p id={`${id}-error`} className="field-error mt-1">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
