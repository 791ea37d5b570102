import { useRef, useState, type TouchEvent } from "react";
import { showsSwipeIndicator, swipeDirection, type SwipeDirection } from "./swipe";

interface Start {
  x: number;
  y: number;
  at: number;
}

/**
 * Touch handlers that report a swipe by the domain's thresholds, and the direction to show an indicator for once
 * the finger has moved more than 15 px sideways.
 */
export function useSwipe(enabled: boolean, onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<Start | null>(null);
  const [indicator, setIndicator] = useState<SwipeDirection | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY, at: event.timeStamp } : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!start.current || !touch) return;
    const dx = touch.clientX - start.current.x;
    setIndicator(showsSwipeIndicator(dx) ? (dx < 0 ? "next" : "previous") : null);
  };
  const onTouchCancel = () => {
    start.current = null;
    setIndicator(null);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    const from = start.current;
    start.current = null;
    setIndicator(null);
    if (!from || !touch) return;
    const direction = swipeDirection({ dx: touch.clientX - from.x, dy: touch.clientY - from.y, durationMs: event.timeStamp - from.at });
    if (direction) onSwipe(direction);
  };

  return {
    indicator: enabled ? indicator : null,
    handlers: enabled ? { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel } : {},
  };
}
