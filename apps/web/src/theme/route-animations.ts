import { keyframes } from '@emotion/react';
import type { Keyframes } from '@emotion/react';
import type { RouteAnimation } from '../config/themes';

/** The six route animations of SPEC section 9, played when the routed page changes. */
export const ROUTE_ANIMATION_KEYFRAMES: Record<RouteAnimation, Keyframes> = {
  slideInUp: keyframes`from { transform: translate3d(0, 24px, 0); opacity: 0; } to { transform: none; opacity: 1; }`,
  fadeIn: keyframes`from { opacity: 0; } to { opacity: 1; }`,
  slideInRight: keyframes`from { transform: translate3d(32px, 0, 0); opacity: 0; } to { transform: none; opacity: 1; }`,
  bounce: keyframes`
    0%, 20%, 53%, 100% { transform: none; }
    40%, 43% { transform: translate3d(0, -16px, 0); }
    70% { transform: translate3d(0, -8px, 0); }
    90% { transform: translate3d(0, -3px, 0); }`,
  lightSpeedIn: keyframes`
    from { transform: translate3d(40%, 0, 0) skewX(-20deg); opacity: 0; }
    60% { transform: skewX(10deg); opacity: 1; }
    80% { transform: skewX(-4deg); }
    to { transform: none; }`,
  pulse: keyframes`from { transform: scale3d(0.97, 0.97, 1); } 50% { transform: scale3d(1.02, 1.02, 1); } to { transform: none; }`,
};
