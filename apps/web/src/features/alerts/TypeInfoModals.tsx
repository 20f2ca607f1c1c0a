import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Empty, Modal } from 'antd';
import type { AlertTypeRight } from '@drat/contracts';

/**
 * An alert type's raw note is HTML written by super users. The server sanitizes it; it is cleaned
 * again here (scripts, handlers and javascript: links removed) before it reaches the page.
 */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
    [html],
  );
  return <div className="drat-rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function ImportantNotesModal({
  type,
  open,
  onClose,
}: {
  type: AlertTypeRight | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={`Important Notes — ${type?.name ?? ''}`} width={800}>
      {type?.raw_note ? <SafeHtml html={type.raw_note} /> : <Empty description="No notes for this alert type." />}
    </Modal>
  );
}
