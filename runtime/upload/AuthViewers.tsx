// The authenticated image, PDF and frame viewers (back-office §2): the file is fetched with the bearer token and the
// signature (a plain <img src> would carry neither), then shown from a blob: URL that is released on unmount.
import { Result, Spin } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { http } from '../http/client';
import { TEXT } from '../../schemas/text/zh';
import { fetchPreview, uidOf } from './transfer';

type Loaded = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/** The blob: URL of an authenticated file: a stored uid through the open-api preview, any other address as it is. */
export function useAuthBlob(src: string | undefined): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!src) return undefined;
    let url: string | undefined;
    let live = true;
    setLoaded({ status: 'loading' });
    const uid = uidOf(src);
    const fetching = uid ? fetchPreview(uid) : http.get<Blob>(src, { responseType: 'blob', silent: true, busy: false }).then((r) => r.data);
    fetching.then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setLoaded({ status: 'ready', url });
        else URL.revokeObjectURL(url);
      },
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);
  return src ? loaded : { status: 'failed' };
}

export function AuthImage({ src, alt, className, style }: { src: string | undefined; alt: string; className?: string; style?: CSSProperties }) {
  const loaded = useAuthBlob(src);
  if (loaded.status === 'loading') return <Spin size="small" className={className} />;
  if (loaded.status === 'failed') return <span className={`${className ?? ''} dms-auth-failed`} title={TEXT.preview.loadFailed}>{TEXT.preview.loadFailed}</span>;
  return <img src={loaded.url} alt={alt} className={className} style={style} data-src={src} />;
}

export function AuthPdf({ src, title }: { src: string | undefined; title: string }) {
  const loaded = useAuthBlob(src);
  if (loaded.status === 'loading') return <Spin />;
  if (loaded.status === 'failed') return <Result status="warning" title={TEXT.preview.loadFailed} />;
  return <object className="dms-auth-pdf" data={loaded.url} type="application/pdf" aria-label={title} />;
}

export function AuthFrame({ src, title }: { src: string | undefined; title: string }) {
  const loaded = useAuthBlob(src);
  if (loaded.status === 'loading') return <Spin />;
  if (loaded.status === 'failed') return <Result status="warning" title={TEXT.preview.loadFailed} />;
  return <iframe className="dms-auth-frame" src={loaded.url} title={title} sandbox="" />;
}
