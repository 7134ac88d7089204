// The client-safe face of lib/identity: what pages, components and other folders may use of it in the browser.
export { type CertifiedIdentity, parseWindowMode, type WindowMode } from './identity';
