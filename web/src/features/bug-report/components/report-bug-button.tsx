import { useEffect, useState, type FormEvent } from 'react';
import type { BugReport } from '../../../../../shared/bug-reports.schema';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { useToast } from '../../../components/ui/toast';
import { TextField } from '../../../components/ui/text-field';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { submitBugReport } from '../api/submit-bug-report';
import './bug-report.css';
import { useAppTexts } from '../../../i18n/texts';
import { localizeMessage } from '../../../lib/api';

type Errors = Partial<Record<keyof BugReport, string>>;

interface ReportBugButtonProps {
  /** Prefills the form. */
  defaults: { name: string | null; email: string } | undefined;
  /** Only the icon and a hidden label, for the collapsed sidebar. */
  compact?: boolean;
}

/** The Report a Bug button and its modal form. */
export function ReportBugButton({ defaults, compact = false }: ReportBugButtonProps) {
  const [open, setOpen] = useState(false);
  const t = useAppTexts().bugReport;
  return (
    <>
      <Button variant="ghost-inverted" block onClick={() => setOpen(true)} aria-label={compact ? t.title : undefined}>
        <Icon name="bug" />
        {!compact && t.title}
      </Button>
      <Modal open={open} title={t.title} onClose={() => setOpen(false)}>
        <BugReportForm defaults={defaults} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function BugReportForm({ defaults, onDone }: { defaults: ReportBugButtonProps['defaults']; onDone: () => void }) {
  const showToast = useToast();
  const [values, setValues] = useState<BugReport>({ name: defaults?.name ?? '', email: defaults?.email ?? '', description: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  const defaultName = defaults?.name ?? '';
  const defaultEmail = defaults?.email ?? '';
  const texts = useAppTexts();
  const t = texts.bugReport;

  // The profile may arrive after the form opened: fill what is still empty, never what was typed.
  useEffect(() => {
    setValues((current) => ({ ...current, name: current.name || defaultName, email: current.email || defaultEmail }));
  }, [defaultName, defaultEmail]);

  function change(field: keyof BugReport, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The schema (and zod with it) loads when a report is sent, not with every page.
    const { BugReportSchema } = await import('../../../../../shared/bug-reports.schema');
    const parsed = BugReportSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof BugReport;
        found[field] ??= localizeMessage(issue.message, texts);
      }
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setSending(true);
    try {
      await submitBugReport(parsed.data);
      showToast({ tone: 'success', title: t.submitted, description: t.thanks });
      onDone();
    } catch {
      showToast({ tone: 'error', title: t.failed, description: t.tryLater });
      setSending(false);
    }
  }

  return (
    <form ref={form} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={t.name} autoComplete="name" value={values.name} error={errors.name} onChange={(event) => change('name', event.target.value)} />
      <TextField
        label={texts.auth.email}
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => change('email', event.target.value)}
      />
      <TextArea
        label={t.description}
        rows={5}
        className="bug-report__description"
        placeholder={t.placeholder}
        value={values.description}
        error={errors.description}
        onChange={(event) => change('description', event.target.value)}
        data-autofocus
      />
      <div className="bug-report__actions">
        <Button variant="secondary" onClick={onDone}>
          {texts.common.cancel}
        </Button>
        <Button type="submit" busy={sending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
