import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';

/** Logout clears token, id and info and goes to /login (spec section 4). */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    session.clear();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'conference' });
    navigate(paths.login);
  };
}
