import { escapeHtml } from '@tours-cms/contract';

/**
 * What a visitor sees when the tour page's inquiry form (a plain POST) was refused: what was wrong, and the way
 * back to the form (the browser's Back button keeps what they typed). Inline styles only, like the 404 screen.
 */
export function inquiryFailedDocument(tourTitle: string, messages: string[], back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your inquiry was not sent</title>
<link rel="icon" href="data:,">
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:32rem;padding:2rem}
h1{font-size:1.75rem;margin:0 0 1rem}
p,li{color:#475569}
ul{margin:0 0 1.5rem;padding-left:1.25rem}
a{display:inline-block;padding:.625rem 1.25rem;border-radius:.5rem;background:#0369a1;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Your inquiry was not sent</h1>
<p>About: ${escapeHtml(tourTitle)}</p>
<ul role="alert">
${messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('\n')}
</ul>
<p>Go back with your browser's Back button to correct it, or return to the tour.</p>
<a href="${escapeHtml(back)}">Back to the tour</a>
</main>
</body>
</html>
`;
}
