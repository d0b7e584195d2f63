/** /oral/upload (spec): the slides of a delegate's talk. */
import { PresentationUploadPage } from './presentation-upload-page';

export default function OralUploadPage() {
  return <PresentationUploadPage purpose="oral" />;
}
