import { TEXT } from '../../../schemas/text/zh';

/** An external page inside the app's frame. It gets no access to the app (sandboxed, no referrer). */
export function ThirdPartyPage({ title, url }: { title: string; url: string }) {
  return (
    <iframe
      className="dms-third-party"
      title={TEXT.layout.thirdPartyTitle(title)}
      src={url}
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
    />
  );
}
