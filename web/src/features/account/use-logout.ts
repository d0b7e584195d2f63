import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { accountApi } from './api';

/**
 * Logout ends the session on the server, then clears token, id and info and goes to /login
 * (spec section 4). Local state is cleared even when the server cannot be reached.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await accountApi.logout().catch(() => undefined);
    session.clear();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'conference' });
    navigate(paths.login);
  };
}
