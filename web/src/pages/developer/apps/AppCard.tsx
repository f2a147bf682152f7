// An app's picture or initial, as the public catalog's cards show it (My Apps draws its cards
// with ResourceCards, from the AppSummary schema and its hints).
export function AppThumb({ name, src }: { name: string; src?: string }) {
  return <div className="dp-thumb">{src ? <img src={src} alt="" /> : name.charAt(0).toUpperCase()}</div>;
}
