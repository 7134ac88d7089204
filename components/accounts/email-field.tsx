import { TextField } from '@/components/ui/text-field';

interface Props {
  /** "이메일" unless the form asks for a particular one ("새 이메일"). */
  label?: string;
  id?: string;
  /** The console's password managers file an operator under a username. */
  autoComplete?: 'email' | 'username';
  error?: string;
}

/** The account's email, as sign-in, signup, 비밀번호 찾기 and 이메일 변경 ask for it (the field `email`). */
export function EmailField({ label = '이메일', id, autoComplete = 'email', error }: Props) {
  return (
    <TextField name="email" id={id} label={label} type="email" autoComplete={autoComplete} required error={error} />
  );
}
