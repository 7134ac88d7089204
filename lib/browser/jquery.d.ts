// jQuery is only handed to the service's 1.1.8 script, which needs it on window; no typings needed.
declare module 'jquery' {
  const jQuery: unknown;
  export default jQuery;
}
