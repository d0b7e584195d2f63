/**
 * The partner carousel of the home page (markup: web/src/features/home/partner-carousel.tsx):
 * previous/next buttons page through a scroll-snap track; it advances every 5 s unless paused,
 * hovered, focused, or the visitor prefers reduced motion (WCAG 2.2.2). Without this script the
 * track still scrolls sideways by touch, trackpad or keyboard.
 */
export function enhanceCarousel(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]')!;
  const pause = root.querySelector<HTMLButtonElement>('[data-carousel-pause]')!;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let paused = false;
  let hovered = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const page = (direction: 1 | -1) => {
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
    const atStart = track.scrollLeft <= 2;
    if (direction === 1 && atEnd) track.scrollTo({ left: 0, behavior: 'smooth' });
    else if (direction === -1 && atStart) track.scrollTo({ left: track.scrollWidth, behavior: 'smooth' });
    else track.scrollBy({ left: direction * track.clientWidth, behavior: 'smooth' });
  };
  const update = () => {
    const running = !paused && !hovered && !reducedMotion;
    track.setAttribute('aria-live', running ? 'off' : 'polite');
    pause.setAttribute('aria-pressed', String(paused));
    // Its words in the page's language, written by the page (partner-carousel.tsx).
    pause.textContent = (paused ? pause.dataset.labelPlay : pause.dataset.labelPause) ?? '';
    if (running && !timer) timer = setInterval(() => page(1), 5000);
    if (!running && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  root.querySelector('[data-carousel-prev]')!.addEventListener('click', () => page(-1));
  root.querySelector('[data-carousel-next]')!.addEventListener('click', () => page(1));
  pause.addEventListener('click', () => {
    paused = !paused;
    update();
  });
  const hover = (value: boolean) => () => {
    hovered = value;
    update();
  };
  root.addEventListener('mouseenter', hover(true));
  root.addEventListener('mouseleave', hover(false));
  root.addEventListener('focusin', hover(true));
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node)) hover(false)();
  });
  update();
}
