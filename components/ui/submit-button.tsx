import { Button, type ButtonProps } from './button';

/** A form's submit button: disabled while its request runs, so a double click cannot send it twice. */
export function SubmitButton(props: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return <Button type="submit" {...props} />;
}
