import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { readToken, useCurrentUser } from '../session/session';
import { cartCountQuery } from './sample-cart-api';

/** How long after the side panel mounts, and after each route change, the cart count is asked for. */
export const CART_COUNT_DELAY_MS = 200;
/** Counts above this show as "99+". */
export const CART_BADGE_OVERFLOW = 99;
/** The badge's colour, wherever the cart icon shows the count. */
export const CART_BADGE_COLOR = '#FFB84D';

/** The accessible name of a link to the cart: 样品车, or 样品车，3 件 (99+ above 99). */
export function cartLinkName(count: number): string {
  return count > 0 ? `样品车，${count > CART_BADGE_OVERFLOW ? `${CART_BADGE_OVERFLOW}+` : count} 件` : '样品车';
}

/**
 * The number of items in the sample cart, for the side panel's badge: asked for 200 ms after the panel
 * mounts and again 200 ms after every route change, only while a token exists; changes to the cart
 * elsewhere (adding, removing) invalidate it. A failed call is logged (see `cartCountQuery`), never
 * shown: the badge then shows nothing. 0 without a session.
 */
export function useCartCount(): number {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const [armed, setArmed] = useState(false);
  const armedRef = useRef(false);
  const query = useQuery({ ...cartCountQuery(), enabled: armed && user !== null });
  const { refetch } = query;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!armedRef.current) {
        // The first time: enabling the query asks for the count (when there is a session).
        armedRef.current = true;
        setArmed(true);
      } else if (readToken()) {
        void refetch().catch(() => undefined);
      }
    }, CART_COUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search, refetch]);

  return user && typeof query.data === 'number' ? query.data : 0;
}

/**
 * The count the side panel last read, for the other places that show it (the header's cart icon):
 * it asks for nothing itself, so a route change still costs one request.
 */
export function useShownCartCount(): number {
  const user = useCurrentUser();
  const { data } = useQuery({ ...cartCountQuery(), enabled: false });
  return user && typeof data === 'number' ? data : 0;
}
