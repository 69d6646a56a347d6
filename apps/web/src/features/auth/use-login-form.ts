import type { TLoginRequest } from '@magotips/contracts/auth';
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { checkLogin, loadLoginSchema, type LoginErrors, type LoginField } from './login-validation';

const FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The sign-in form's state, without a form library: the page paints with two plain inputs and
 * no react-hook-form in its download (the sign-in page is the one every visitor may open). It
 * behaves like the other forms' react-hook-form + zodResolver setup: the contract's schema is
 * checked on submit (the parsed values are what gets sent), then again on every change, and the
 * first wrong field takes the focus. `register()` returns what FormField expects.
 */
export function useLoginForm(onValid: (values: TLoginRequest) => void) {
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<LoginErrors>({});

  const read = (): TLoginRequest => ({
    email: inputs.current.email?.value ?? '',
    password: inputs.current.password?.value ?? '',
  });

  const [registrations] = useState(() => {
    const make = (name: LoginField): UseFormRegisterReturn => ({
      name,
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current[name] = input;
        else delete inputs.current[name];
      },
      onChange: async () => {
        if (!submitted.current) return;
        const check = await checkLogin(read());
        const message = check.errors?.[name];
        setErrors(({ [name]: _old, ...rest }) => (message ? { ...rest, [name]: message } : rest));
      },
      onBlur: async () => undefined,
    });
    return { email: make('email'), password: make('password') };
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const check = await checkLogin(read());
    if (check.errors) {
      setErrors(check.errors);
      const first = FIELDS.find((field) => check.errors[field] !== undefined);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    onValid(check.data);
  };

  return {
    register: (name: LoginField) => registrations[name],
    errors,
    handleSubmit,
    /** Starts the schema's download (on the first focus of the form). */
    prepare: () => void loadLoginSchema().catch(() => undefined),
  };
}
