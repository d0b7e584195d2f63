/** /poster/upload (spec): a delegate's e-poster files. */
import { PresentationUploadPage } from './presentation-upload-page';

export default function PosterUploadPage() {
  return <PresentationUploadPage purpose="poster" />;
}
