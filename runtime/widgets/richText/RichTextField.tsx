import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { RICH_TEXT } from '../../../schemas/formats/richText';
import type { WidgetProps } from '../widgetProps';
import { sanitizeRichText } from './sanitize';

// The editor (ProseMirror through Tiptap) is its own chunk: screens without rich text never load it.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Rich text shown read-only: always through the sanitiser, whatever the server or a draft holds. */
export function RichTextView({ html }: { html: string | undefined }) {
  return <div className="dms-rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeRichText(html ?? '') }} />;
}

/** Rich-text field: the editor when editable, the sanitised HTML when shown or disabled. */
export function RichTextField(props: WidgetProps<string>) {
  if (props.mode === 'show' || props.disabled) return <RichTextView html={props.value} />;
  return (
    <Suspense fallback={<Spin className="dms-rich-text-loading" style={{ height: RICH_TEXT.height }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
