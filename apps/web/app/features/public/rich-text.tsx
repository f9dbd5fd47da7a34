/**
 * Article HTML from the API. It is sanitised on the server when it is written (an allow-list of
 * p, h2–h4, lists, tables, emphasis and http(s)/relative links; apps/server/src/modules/content), so
 * it is rendered as is.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
