import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 200 });

/** The top progress bar shown during long work (SPEC section 8: a failure stops it). */
export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
