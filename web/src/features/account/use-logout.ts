import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { clearAllDrafts } from '../../components/form/use-draft';
import { accountApi } from './api';

/**
 * Logout ends the session on the server, then clears token, id and info and goes to /login
 * (spec section 4), and drops the form drafts of this browser. Local state is cleared even when
 * the server cannot be reached.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await accountApi.logout().catch(() => undefined);
    session.clear();
    clearAllDrafts();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'conference' });
    navigate(paths.login);
  };
}
