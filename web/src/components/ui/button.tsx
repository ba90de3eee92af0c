import type { ButtonHTMLAttributes } from 'react';
import { classNames } from './class-names';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'ghost-inverted' | 'link';

/** The button look, also for router links that act as buttons. */
export function buttonClassName(variant: ButtonVariant = 'primary', block = false): string {
  return classNames('button', `button--${variant}`, block && 'button--block');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width. */
  block?: boolean;
  /** Shows a spinner and refuses clicks while an action runs. */
  busy?: boolean;
}

export function Button({ variant = 'primary', block = false, busy = false, disabled, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(buttonClassName(variant, block), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
