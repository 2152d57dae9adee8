/* The layout of a deck, read by tools/slides.py in headless Chromium at 1280×720:
   every leaf section in page order, with its height, its padding and the top
   and height of each of its cells.  All are laid out at once (reveal hides the
   slides far from the current one; here none is hidden). */
async () => {
  if (window.MathJax && MathJax.startup) { await MathJax.startup.promise; }
  await document.fonts.ready;
  const style = document.createElement('style');
  style.textContent = '.reveal .slides section { display: block !important; }';
  document.head.appendChild(style);
  const out = [];
  for (const s of document.querySelectorAll('.reveal .slides section')) {
    if (s.querySelector('section')) continue;
    const cs = getComputedStyle(s), units = {};
    for (const el of s.querySelectorAll(':scope > [id^="cell-id="]')) {
      units[el.id.slice(8)] = [el.offsetTop, el.offsetHeight];
    }
    const pre = s.querySelector('.jp-CodeCell pre');
    out.push({height: s.scrollHeight, pad_top: parseFloat(cs.paddingTop),
              pad_bottom: parseFloat(cs.paddingBottom), units,
              code_line: pre ? parseFloat(getComputedStyle(pre).lineHeight) : 0});
  }
  style.remove();
  return out;
}
