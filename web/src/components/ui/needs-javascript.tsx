interface NeedsJavaScriptProps {
  /** What needs it, e.g. "This form". */
  subject: string;
}

/**
 * Shown only with JavaScript off: the prerendered page reads and links fine without it, but its forms
 * submit through the API. React renders a <noscript> element's content as text and does not hydrate it.
 */
export function NeedsJavaScript({ subject }: NeedsJavaScriptProps) {
  return (
    <noscript>
      <p className="notice notice--info">
        {/* One string, one text node: the note reads whole in the HTML too. */}
        {`${subject} needs JavaScript. Turn it on in your browser to use it, or call or e-mail us (details on the Contact page).`}
      </p>
    </noscript>
  );
}
