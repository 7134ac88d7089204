/** The certified identity a signup continues with (shown, never editable). */
export interface CertifiedIdentity {
  name: string;
  birthday: string;
  gender: 'male' | 'female';
}

/** How the certification window opens: a popup, a layer over the page, or a full-page redirect. */
export type WindowMode = 'popup' | 'layer' | 'redirect';

export function parseWindowMode(value: string | string[] | undefined): WindowMode | undefined {
  return value === 'popup' || value === 'layer' || value === 'redirect' ? value : undefined;
}
