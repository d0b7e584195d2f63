/**
 * The browser's half of the one upload mechanism: presign (the server checks type, size, count),
 * PUT the file straight to S3 with progress (no function sees the bytes), then confirm with the
 * purpose's own route (the server checks the stored object). Cancellable at every step.
 */
import { routes, type RouteDef } from '#core/routes';
import type { UploadPurpose } from '#core/uploads/rules';
import type { DescribedFile, requestUpload } from '#core/uploads/uploads';
import { ApiError, CancelledError, callApi } from '../../lib/api-client';

export type UploadedFile = DescribedFile;

type Presigned = Awaited<ReturnType<typeof requestUpload>>;

const confirmRoutes: Record<UploadPurpose, RouteDef> = {
  abstract: routes.confirmAbstractFile,
  poster: routes.confirmPoster,
  oral: routes.confirmOral,
  passport: routes.confirmPassport,
  document: routes.confirmRegistrationDocument,
  voucher: routes.confirmRegistrationVoucher,
};

export const uploadFailed = 'There was an error uploading your file. Please try again.';

function putToStorage(target: Presigned, file: File, onProgress: (loaded: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, uploadFailed, null, xhr.status)));
    xhr.onerror = () => reject(new ApiError(0, `${uploadFailed} Please check your connection.`));
    xhr.onabort = () => reject(new CancelledError());
    if (signal.aborted) return reject(new CancelledError());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export async function uploadFile(
  purpose: UploadPurpose,
  file: File,
  options: { onProgress: (loaded: number) => void; onConfirming?: () => void; signal: AbortSignal; abstractId?: string },
): Promise<UploadedFile> {
  // Not cancelled mid-way: the server records the upload as it signs, so its answer is needed to
  // give the place back (a cancel during the signing left an unfinished upload behind).
  const target = await callApi<Presigned>(routes.presignUpload, {
    body: { purpose, file_name: file.name, size: file.size, content_type: file.type, ...(options.abstractId ? { abstract_id: options.abstractId } : {}) },
    concurrent: true,
  });
  try {
    if (options.signal.aborted) throw new CancelledError();
    await putToStorage(target, file, options.onProgress, options.signal);
  } catch (error) {
    // Cancelled or failed before it was stored: give its place for unfinished uploads back before
    // the page says it is gone (a page left at once would abort the request and leave it listed).
    await callApi(routes.deleteUpload, { params: { id: target.id }, concurrent: true }).catch(() => undefined);
    throw error;
  }
  options.onConfirming?.();
  return callApi<UploadedFile>(confirmRoutes[purpose], { body: { key: target.key }, concurrent: true, signal: options.signal });
}

/** Downloads an own file through a fresh link (links in lists expire after minutes). */
export async function downloadFile(id: string) {
  const file = await callApi<UploadedFile>(routes.getUpload, { params: { id }, concurrent: true });
  window.location.assign(file.url);
}
