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
  /**
   * Shows a spinner and refuses clicks while an action runs. The button stays focusable (marked
   * aria-disabled, not disabled), so a keyboard user who pressed it keeps their place.
   */
  busy?: boolean;
}

export function Button({ variant = 'primary', block = false, busy = false, disabled, type = 'button', className, children, onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(buttonClassName(variant, block), className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // Also stops a busy submit button's form from being sent again (Enter in a field clicks it).
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
