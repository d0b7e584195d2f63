import { Navigate, Outlet } from 'react-router-dom';
import { REGISTER_STATUS } from '#core/registration-by-category/ports';
import { paths } from '../../config/paths';
import { usePersonInfo } from '../account/api';

/**
 * Spec section 4, navigation rules: a delegate whose registration is under review (register_status
 * 1) or whose documents were not approved (2) who opens the fee or the upload page (/admin/fee,
 * /admin/upload) goes to /common/reload. Decided on the user info read when the page opens (the
 * office may have decided since the copy this browser holds); until it arrives the page shows.
 */
export function RequireReviewed() {
  const info = usePersonInfo({ fresh: true });
  const status = info.isFetchedAfterMount ? info.data?.register_status : undefined;
  if (status === REGISTER_STATUS.inReview || status === REGISTER_STATUS.rejected) return <Navigate to={paths.reload} replace />;
  return <Outlet />;
}
