import type { ReactNode } from 'react';

export type Tone = 'success' | 'error' | 'warning' | 'info';

interface AlertProps {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  /** By default errors and warnings interrupt a screen reader and the rest wait their turn. */
  role?: 'alert' | 'status';
}

/** A message box in the page. */
export function Alert({ tone, title, children, role = tone === 'error' || tone === 'warning' ? 'alert' : 'status' }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={role}>
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
    </div>
  );
}
