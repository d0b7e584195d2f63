/**
 * The 60-second resend countdown of the activation mail (spec section 4): kept in localStorage
 * so a reload keeps it, cleared when the delegate leaves the page. The server enforces the same
 * minute; its Retry-After resets the countdown if they ever disagree.
 */
import { useEffect, useState } from 'react';

const UNTIL_KEY = 'activationResendUntil';
const EMAIL_KEY = 'activationEmail';

export const pendingActivation = {
  email: () => (typeof window === 'undefined' ? '' : (localStorage.getItem(EMAIL_KEY) ?? '')),
  setEmail: (email: string) => localStorage.setItem(EMAIL_KEY, email),
  start: (seconds: number) => localStorage.setItem(UNTIL_KEY, String(Date.now() + seconds * 1000)),
  clear: () => localStorage.removeItem(UNTIL_KEY),
};

function secondsLeft() {
  const until = Number(localStorage.getItem(UNTIL_KEY) ?? 0);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

export function useResendCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    setLeft(secondsLeft());
    const timer = setInterval(() => setLeft(secondsLeft()), 1000);
    return () => {
      clearInterval(timer);
      pendingActivation.clear(); // leaving the page clears it (a reload does not run this)
    };
  }, []);
  return {
    left,
    start: (seconds: number) => {
      pendingActivation.start(seconds);
      setLeft(secondsLeft());
    },
  };
}
