/**
 * The top progress bar shown during long work (SPEC section 8: a failure stops it). nprogress's behaviour and markup
 * (`#nprogress .bar .peg`, styled in ui/base.css), without the package: it starts at 8%, creeps towards the end every
 * 200 ms while the work goes on, and fills and fades when it ends.
 */

const TRICKLE_MS = 200;
const FADE_MS = 200;

let element: HTMLElement | null = null;
let bar: HTMLElement | null = null;
let value = 0;
let trickle: ReturnType<typeof setInterval> | undefined;
let removal: ReturnType<typeof setTimeout> | undefined;

function show(next: number) {
  value = Math.min(Math.max(next, 0.08), 1);
  if (bar) bar.style.transform = `translate3d(${(value - 1) * 100}%,0,0)`;
}

/** How far the bar creeps on each tick: less the nearer it is to the end, never quite there. */
function step(at: number): number {
  if (at < 0.2) return 0.1;
  if (at < 0.5) return 0.04;
  if (at < 0.8) return 0.02;
  return at < 0.99 ? 0.005 : 0;
}

function start() {
  clearTimeout(removal);
  if (!element) {
    element = document.createElement('div');
    element.id = 'nprogress';
    element.innerHTML =
      '<div class="bar" role="progressbar" aria-hidden="true"><div class="peg"></div></div>';
    bar = element.querySelector<HTMLElement>('.bar');
    if (bar) bar.style.transition = `transform ${TRICKLE_MS}ms linear`;
    document.body.appendChild(element);
    show(0);
  }
  element.style.transition = '';
  element.style.opacity = '1';
  clearInterval(trickle);
  trickle = setInterval(() => show(value + step(value)), TRICKLE_MS);
}

function done() {
  if (!element) return;
  clearInterval(trickle);
  show(1);
  const leaving = element;
  removal = setTimeout(() => {
    leaving.style.transition = `opacity ${FADE_MS}ms linear`;
    leaving.style.opacity = '0';
    removal = setTimeout(() => {
      leaving.remove();
      if (element === leaving) element = bar = null;
    }, FADE_MS);
  }, FADE_MS);
}

export const progress = { start, done };
